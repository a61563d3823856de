/** Where "manage" leaves the case id for the case workspace (spec 2 §2). */
export const MANAGED_CASE_KEY = 'vialex.caso';
