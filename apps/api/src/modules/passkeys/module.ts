import { defineModule } from '../../platform/modules.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { passkeyRoutes } from './routes.js';
import { passkeys } from './schema.js';
import { createPasskeysService, type PasskeysService } from './service.js';
import { createPasskeysUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    passkeys: PasskeysService;
  }
}

/** Passkeys (WebAuthn): registered in Opciones, used on the sign-in page instead of the password. */
export const passkeysModule = defineModule({
  name: 'passkeys',
  build: ({ db, config, limiter, registries, services: { auth } }) => ({
    services: {
      passkeys: createPasskeysService({
        db,
        site: config.passkeys,
        rpName: 'Enlaza',
        limiter,
        requireAccess: registries.access.requireAccess,
        signIn: (userId, origin) => auth.signInVerifiedById(userId, origin),
      }),
    },
    access: [ownedRowsAccess('passkey', db, passkeys)],
    userData: [createPasskeysUserData(db)],
  }),
  async register(api, { services: { passkeys } }) {
    await api.register(passkeyRoutes, { passkeys });
  },
});
