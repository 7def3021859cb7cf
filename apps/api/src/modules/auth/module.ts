import { defineModule } from '../../platform/modules.js';
import { authRoutes } from './routes.js';
import { twoFactorRoutes } from './two-factor-routes.js';
import { apiTokenRoutes } from './api-token-routes.js';
import { authPlugin } from '../../lib/auth.js';
import { apiTokenAccess, createApiTokensRepository, createSessionsRepository, sessionAccess, type UserRow } from '../account/index.js';
import { createSignInUserData } from './user-data.js';
import { createAuthService, type AuthService, type SsoRule } from './service.js';
import { createKnownAddresses, createTwoFactor, type TwoFactor } from './two-factor.js';

declare module '../../platform/modules.js' {
  interface Services {
    auth: AuthService;
    twoFactor: TwoFactor;
  }
  interface Hooks {
    /** Whether an address must sign in through its team's single sign-on (the sso module answers; it is built after teams). */
    ssoRule: SsoRule;
  }
}

// A signed-in request carries the account's users row (lib/auth.ts declares only what it reads itself).
declare module '../../lib/auth.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into lib/auth.ts's SignedInUser
  interface SignedInUser extends UserRow {}
}

export const authModule = defineModule({
  name: 'auth',
  needs: ['ssoRule'],
  async build({ db, database, config, appSecret, mailer, limiter, events, registries, clock, hooks: { ssoRule } }) {
    const twoFactor = createTwoFactor({ db, appSecret, adminRequired: config.adminRequireTwoFactor, limiter });
    const auth = createAuthService(
      createSessionsRepository(db),
      limiter,
      events,
      registries.access.requireAccess,
      {
        repo: createApiTokensRepository(db),
        ratePerMinute: config.apiTokenRatePerMinute,
      },
      { twoFactor, knownAddresses: createKnownAddresses(db), mailer, sessionMaxAgeDays: config.sessionMaxAgeDays, ssoRule },
      { clock, windowMinutes: config.reauthWindowMinutes, publicUrl: config.publicUrl },
    );
    // Sessions are cached per process; the database tells every process when a user or session changes.
    const listener = await database.listen(
      'enlaza_auth',
      (userId) => auth.forgetUser(userId),
      (live) => auth.sessionCache.setEnabled(live),
    );
    auth.sessionCache.setEnabled(listener.live());
    return {
      services: { auth, twoFactor },
      onClose: () => listener.close(),
      // A session the owner may sign out, a token they may revoke: one of their own.
      access: [sessionAccess(db), apiTokenAccess(db)],
      userData: [createSignInUserData(db)],
      // `app.authenticate` and the no-store answers of signed-in requests, for every route.
      root: async (app) => void (await app.register(authPlugin, { auth })),
    };
  },
  async register(api, { services: { auth, twoFactor } }) {
    await api.register(authRoutes, { auth });
    await api.register(twoFactorRoutes, { twoFactor });
    await api.register(apiTokenRoutes, { auth });
  },
});
