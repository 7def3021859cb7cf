import type { DatabaseHandle } from '../../db/client.js';
import { defineModule } from '../../platform/module.js';
import { healthRoutes } from './routes.js';
export { healthRoutes } from './routes.js';

export const healthModule = defineModule({
  name: 'health',
  async register(api, { database }: { database: DatabaseHandle }) {
    await api.register(healthRoutes, { ping: () => database.ping() });
  },
});
