/** Sign-up, email verification, password reset and alias suggestions. */
import { hashPassword } from '../../lib/crypto.js';
import { defineModule } from '../../platform/modules.js';
import { registrationRoutes } from './routes.js';
import { createRegistrationRepository } from '../account/index.js';
import { createRegistrationService, type RegistrationService } from './service.js';
import type { AliasNamespace } from './alias-namespaces.js';

declare module '../../platform/modules.js' {
  interface Services {
    registration: RegistrationService;
  }
  interface Hooks {
    /** The teams' aliases, current and old: a user may not take one (teams check theirs through registration, so they come later). */
    teamAliases: AliasNamespace;
  }
}

export const registrationModule = defineModule({
  name: 'registration',
  needs: ['teamAliases'],
  build: ({ db, mailer, limiter, config, events, services: { auth, passkeys }, hooks: { teamAliases } }) => ({
    services: {
      registration: createRegistrationService({
        repo: createRegistrationRepository(db),
        hashPassword,
        mailer,
        limiter,
        events,
        auth,
        passkeys,
        publicUrl: config.publicUrl,
        teamAliases,
      }),
    },
  }),
  async register(api, { services: { registration } }) {
    await api.register(registrationRoutes, { registration });
  },
});
