/** Where an email's images are served: `/api/public/images/<file id>.<signature>` (service.emailImageAddress). */
const EMAIL_IMAGE_PATH = '/api/public/images/';

/** The part of an email image's address that names the file: whoever keeps the address finds its file by it. */
export const emailImageMarker = (fileId: string): string => `${EMAIL_IMAGE_PATH}${fileId}.`;

/** A LIKE pattern matching text that holds the address of this file's email image. */
export const emailImageLikePattern = (fileId: string): string => `%${emailImageMarker(fileId).replace(/[%_\\]/g, '\\$&')}%`;
