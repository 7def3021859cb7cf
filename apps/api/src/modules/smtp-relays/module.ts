import { defineModule } from '../../platform/modules.js';
import { createSmtpRelaysRepository } from './repository.js';
import { smtpRelayRoutes } from './routes.js';
import { createSmtpRelaysService, type SmtpRelaysService } from './service.js';

declare module '../../platform/modules.js' {
  interface Services {
    smtpRelays: SmtpRelaysService;
  }
}

/** The admin's SMTP servers for campaigns (docs/sending.md, "Several SMTP servers"); the campaign sender reads the enabled ones. */
export const smtpRelaysModule = defineModule({
  name: 'smtp-relays',
  build: ({ db, appSecret, log, events }) => ({
    services: { smtpRelays: createSmtpRelaysService({ repo: createSmtpRelaysRepository(db), appSecret, log, events }) },
  }),
  async register(api, { services: { smtpRelays } }) {
    await api.register(smtpRelayRoutes, { relays: smtpRelays });
  },
});
