import { defineModule } from '../../platform/module.js';
import { optionsRoutes } from './routes.js';
import type { OptionsService } from './service.js';
export { optionsRoutes } from './routes.js';
export { createOptionsService, type OptionsService } from './service.js';

export const optionsModule = defineModule({
  name: 'options',
  async register(api, { options }: { options: OptionsService }) {
    await api.register(optionsRoutes, { options });
  },
});
