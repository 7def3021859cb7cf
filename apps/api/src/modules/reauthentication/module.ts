import { defineModule } from '../../platform/modules.js';
import { reauthenticationRoutes } from './routes.js';

/**
 * The fresh proof of the owner that sensitive changes need (docs/security.md): after auth (sessions,
 * two-factor) and passkeys, whose checks it uses. The guard itself is lib/auth.ts's, on every route
 * that declares `config.sensitive`.
 */
export const reauthenticationModule = defineModule({
  name: 'reauthentication',
  async register(api, { services: { auth, twoFactor, passkeys } }) {
    await api.register(reauthenticationRoutes, { auth, twoFactor, passkeys });
  },
});
