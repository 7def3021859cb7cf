import { defineModule } from '../../platform/module.js';
import { adminRoutes } from './routes.js';
import type { AdminService } from './service.js';
export { createAdminRepository } from './repository.js';
export { adminRoutes } from './routes.js';
export { createAdminService, type AdminService } from './service.js';

export const adminModule = defineModule({
  name: 'admin',
  async register(api, { admin }: { admin: AdminService }) {
    await api.register(adminRoutes, { admin });
  },
});
