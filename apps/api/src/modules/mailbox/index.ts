/** Buzón: messages visitors send through a profile's contact form. */
export type { MailboxService } from './service.js';
export { consentingMessagePiece } from './query-pieces.js';
