/** Buzón: messages visitors send through a profile's contact form. */
import { defineModule } from '../../platform/module.js';
import { contactFormRoutes, mailboxRoutes } from './routes.js';
import type { MailboxService } from './service.js';
export { contactFormRoutes, mailboxRoutes } from './routes.js';
export { createMailboxRepository } from './repository.js';
export { CONTACT_LIMITS, createMailboxService, toMessage, type MailboxService } from './service.js';
export { createMailboxTrash } from './trash.js';
export { createMailboxUserData } from './user-data.js';

export const mailboxModule = defineModule({
  name: 'mailbox',
  async register(api, { mailbox }: { mailbox: MailboxService }) {
    await api.register(contactFormRoutes, { mailbox });
    await api.register(mailboxRoutes, { mailbox });
  },
});
export { consentingMessagePiece } from './query-pieces.js';
