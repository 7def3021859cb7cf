import { defineModule } from '../../platform/modules.js';
import { authRoutes } from './routes.js';
import { authPlugin } from '../../lib/auth.js';
import { createSessionsRepository, sessionAccess, type UserRow } from '../account/index.js';
import { createAuthService, type AuthService } from './service.js';

declare module '../../platform/modules.js' {
  interface Services {
    auth: AuthService;
  }
}

// A signed-in request carries the account's users row (lib/auth.ts declares only what it reads itself).
declare module '../../lib/auth.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged into lib/auth.ts's SignedInUser
  interface SignedInUser extends UserRow {}
}

export const authModule = defineModule({
  name: 'auth',
  async build({ db, database, limiter, events, registries }) {
    const auth = createAuthService(createSessionsRepository(db), limiter, events, registries.access.requireAccess);
    // Sessions are cached per process; the database tells every process when a user or session changes.
    const listener = await database.listen(
      'enlaza_auth',
      (userId) => auth.forgetUser(userId),
      (live) => auth.sessionCache.setEnabled(live),
    );
    auth.sessionCache.setEnabled(listener.live());
    return {
      services: { auth },
      onClose: () => listener.close(),
      // A session the owner may sign out: one of their own.
      access: [sessionAccess(db)],
      // `app.authenticate` and the no-store answers of signed-in requests, for every route.
      root: async (app) => void (await app.register(authPlugin, { auth })),
    };
  },
  async register(api, { services: { auth } }) {
    await api.register(authRoutes, { auth });
  },
});
