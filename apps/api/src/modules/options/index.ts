import { defineModule } from '../../platform/modules.js';
import { optionsRoutes } from './routes.js';
import { createOptionsService, type OptionsService } from './service.js';
export { optionsRoutes } from './routes.js';
export { createOptionsService, type OptionsService } from './service.js';

declare module '../../platform/modules.js' {
  interface Services {
    options: OptionsService;
  }
}

export const optionsModule = defineModule({
  name: 'options',
  build: ({ limiter, registries, services: { accounts, activity, registration, auth } }) => ({
    services: { options: createOptionsService({ accounts, activity, registration, auth, limiter, userData: registries.userData }) },
  }),
  async register(api, { services: { options } }) {
    await api.register(optionsRoutes, { options });
  },
});
