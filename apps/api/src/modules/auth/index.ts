/** Sign-in, sessions and sign-out; other modules revoke sessions and check passwords through the auth service. */
import { defineModule } from '../../platform/module.js';
import { authRoutes } from './routes.js';
import type { AuthService } from './service.js';
export { authRoutes } from './routes.js';
export { toCurrentUser } from './current-user.js';
export { createAuthService, LOGIN_LIMITS, SESSION_IDLE_DAYS, type AuthenticatedUser, type AuthService } from './service.js';

export const authModule = defineModule({
  name: 'auth',
  async register(api, { auth }: { auth: AuthService }) {
    await api.register(authRoutes, { auth });
  },
});
