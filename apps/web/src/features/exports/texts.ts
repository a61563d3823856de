import { EXPORT_LIST_TEXTS } from '@vialex/domain';

/** EXPORTACIONES SFTP's own texts (the domain's catalogue, shared with the browser tests). */
export const EXPORT_TEXTS = EXPORT_LIST_TEXTS;
