import { defineModule } from '../../platform/modules.js';
import { healthRoutes } from './routes.js';

export const healthModule = defineModule({
  name: 'health',
  async register(api, { database }) {
    await api.register(healthRoutes, { ping: () => database.ping() });
  },
});
