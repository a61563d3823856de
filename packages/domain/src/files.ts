/**
 * Management documents (spec 2 §5 "Status form", §9): the file types a status change may carry,
 * how each is served, and how a name typed on somebody's computer becomes a safe one. The server
 * decides the type by the file's content (file-type), never by its name; the name only tells
 * apart the two old Office formats, which share one container (CFB).
 */

/** Documents open in a new tab (Content-Disposition inline); images download (spec 2 §9). */
export const DOCUMENT_FILE_EXTENSIONS = ['pdf', 'docx', 'doc', 'xlsx', 'xls'] as const;
export const IMAGE_FILE_EXTENSIONS = ['jpg', 'png', 'webp'] as const;
export const UPLOAD_EXTENSIONS = [...DOCUMENT_FILE_EXTENSIONS, ...IMAGE_FILE_EXTENSIONS] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/** The content type each allowed extension is stored and served with. */
export const UPLOAD_MIME: Record<UploadExtension, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** What the file picker offers (the server checks the content whatever the picker let through). */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',') + ',.jpeg';

/** The default largest upload (UPLOAD_MAX_MB on the server). */
export const UPLOAD_MAX_MB_DEFAULT = 20;

export function isDocumentExtension(ext: string): boolean {
  return (DOCUMENT_FILE_EXTENSIONS as readonly string[]).includes(ext.toLowerCase());
}

/** How a stored file is answered: documents in the browser (a new tab), images as a download. */
export function fileDisposition(ext: string): 'inline' | 'attachment' {
  return isDocumentExtension(ext) ? 'inline' : 'attachment';
}

/** The longest stored name, extension included. */
export const FILE_NAME_MAX_LENGTH = 120;

/**
 * A safe display name: no folders, no control or reserved characters (/ \ : * ? " < > |), no
 * leading dots, spaces collapsed, at most FILE_NAME_MAX_LENGTH characters, ending in the
 * extension of the detected type (whatever the name claimed). Letters with accents stay.
 */
export function sanitizeFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|]/g, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const stem = base.slice(0, FILE_NAME_MAX_LENGTH - ext.length - 1).trim() || 'documento';
  return `${stem}.${ext}`;
}

/** Where a case's stored file is downloaded from (only by users who may open that case). */
export const caseFileUrl = (caseId: string, fileId: string) => `/api/casos/${caseId}/archivos/${fileId}`;

/**
 * A user's photo: an image only (JPG, PNG or WEBP by its content), at most USER_PHOTO_MAX_MB. It
 * is served at a URL that names the stored file, so a browser keeps it until it is replaced.
 */
export const USER_PHOTO_EXTENSIONS = IMAGE_FILE_EXTENSIONS;
export const USER_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';
export const USER_PHOTO_MAX_MB = 5;
export const userPhotoUrl = (userId: string, fileId: string) => `/api/usuarios/${userId}/foto/${fileId}`;
