import { defineModule } from '../../platform/modules.js';
import { adminRoutes } from './routes.js';
import { createAdminRepository } from './repository.js';
import { createAdminService, type AdminService } from './service.js';

declare module '../../platform/modules.js' {
  interface Services {
    admin: AdminService;
  }
}

export const adminModule = defineModule({
  name: 'admin',
  build: ({ db, events, services: { registration, auth } }) => ({
    services: { admin: createAdminService({ repo: createAdminRepository(db), events, registration, auth }) },
  }),
  async register(api, { services: { admin } }) {
    await api.register(adminRoutes, { admin });
  },
});
