/** Sign-up, email verification, password reset and alias suggestions. */
import { defineModule } from '../../platform/module.js';
import { registrationRoutes } from './routes.js';
import type { RegistrationService } from './service.js';
export { registrationRoutes } from './routes.js';
export { aliasFromName, ALIAS_PATTERN } from './alias.js';
export { activateAccount, createRegistrationService, RESET_TOKEN_TTL_MS, VERIFY_CODE_TTL_MS, type RegistrationService } from './service.js';

export const registrationModule = defineModule({
  name: 'registration',
  async register(api, { registration }: { registration: RegistrationService }) {
    await api.register(registrationRoutes, { registration });
  },
});
