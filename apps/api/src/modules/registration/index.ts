/** Sign-up, email verification, password reset and alias suggestions. */
import { defineModule } from '../../platform/modules.js';
import { registrationRoutes } from './routes.js';
import { createRegistrationRepository } from '../account/index.js';
import { createRegistrationService, type RegistrationService } from './service.js';
export { registrationRoutes } from './routes.js';
export { aliasFromName, ALIAS_PATTERN } from './alias.js';
export {
  activateAccount,
  createRegistrationService,
  RESET_TOKEN_TTL_MS,
  SIGN_IN_CODE_TTL_MS,
  VERIFY_CODE_TTL_MS,
  type RegistrationService,
} from './service.js';

declare module '../../platform/modules.js' {
  interface Services {
    registration: RegistrationService;
  }
}

export const registrationModule = defineModule({
  name: 'registration',
  build: ({ db, mailer, limiter, config, services: { activity, auth } }) => ({
    services: {
      registration: createRegistrationService({
        repo: createRegistrationRepository(db),
        mailer,
        limiter,
        activity,
        auth,
        publicUrl: config.publicUrl,
      }),
    },
  }),
  async register(api, { services: { registration } }) {
    await api.register(registrationRoutes, { registration });
  },
});
