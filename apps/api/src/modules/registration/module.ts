/** Sign-up, email verification, password reset and alias suggestions. */
import { defineModule } from '../../platform/modules.js';
import { registrationRoutes } from './routes.js';
import { createRegistrationRepository } from '../account/index.js';
import { createRegistrationService, type RegistrationService } from './service.js';

declare module '../../platform/modules.js' {
  interface Services {
    registration: RegistrationService;
  }
}

export const registrationModule = defineModule({
  name: 'registration',
  build: ({ db, mailer, limiter, config, events, services: { auth } }) => ({
    services: {
      registration: createRegistrationService({
        repo: createRegistrationRepository(db),
        mailer,
        limiter,
        events,
        auth,
        publicUrl: config.publicUrl,
      }),
    },
  }),
  async register(api, { services: { registration } }) {
    await api.register(registrationRoutes, { registration });
  },
});
