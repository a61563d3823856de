/*
 * The dispatch actions on a case (spec 2 §4, §6), one file per use case. The routes import them
 * from here.
 */
export { assignAgent, listAssignCandidates } from './assign-service.js';
export { requestAgent } from './request-service.js';
export { takeCase } from './take-service.js';
export { authorizeAttention, requestAttention } from './attention-service.js';
export { archiveCase } from './archive-service.js';
