/** Buzón: messages visitors send through a profile's contact form. */
export type { MailboxService } from './service.js';
export {
  consentingMessagePiece,
  leadOfMessage,
  messageSenders,
  messagesOfProfiles,
  messagesPerDay,
  moveMessagesTo,
} from './query-pieces.js';
