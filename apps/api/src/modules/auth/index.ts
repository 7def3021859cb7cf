/** Sign-in, sessions and sign-out; other modules revoke sessions and check passwords through the auth service. */
export { toCurrentUser } from './current-user.js';
export { LOGIN_LIMITS, SESSION_IDLE_DAYS, type AuthenticatedUser, type AuthService, type SsoRule } from './service.js';
