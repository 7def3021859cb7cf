/** Buzón: messages visitors send through a profile's contact form. */
import type { MessageCrmLink } from '@enlaza/contracts';
import { defineModule } from '../../platform/modules.js';
import { contactFormRoutes, mailboxRoutes } from './routes.js';
import { createMailboxRepository } from './repository.js';
import { createMailboxService, type MailboxService } from './service.js';
import { createMailboxTrash } from './trash.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { messages } from './schema.js';
import { createMailboxUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    mailbox: MailboxService;
  }
  interface Hooks {
    /** The messages' records in a CRM (the crm module answers it: it is built after the mailbox and reads its messages). */
    crmLinks: (messageIds: string[]) => Promise<Map<string, MessageCrmLink>>;
  }
}

export const mailboxModule = defineModule({
  name: 'mailbox',
  needs: ['crmLinks'],
  build({
    db,
    mailer,
    events,
    limiter,
    config,
    registries,
    services: { profiles, publicProfiles, subscriptions, accounts, consents, contactFields },
    hooks: { crmLinks },
  }) {
    const repo = createMailboxRepository(db);
    const mailbox = createMailboxService({
      repo,
      requireAccess: registries.access.requireAccess,
      profiles,
      publicProfiles,
      subscriptions,
      mailer,
      events,
      limiter,
      accounts,
      perAddressLimit: config.contactLimitPerAddress,
      consents,
      formAnswers: (ownerId, answers) => contactFields.fromForm(ownerId, answers),
      publicUrl: config.publicUrl,
      crmLinks: (messageIds) => crmLinks()(messageIds),
    });
    return {
      services: { mailbox },
      trash: [createMailboxTrash(repo)],
      userData: [createMailboxUserData(db)],
      // A visitor's message, live or in the trash (the mailbox shows its trash folder).
      access: [ownedRowsAccess('message', db, messages)],
    };
  },
  async register(api, { services: { mailbox } }) {
    await api.register(contactFormRoutes, { mailbox });
    await api.register(mailboxRoutes, { mailbox });
  },
});
