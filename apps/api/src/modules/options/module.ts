import { defineModule } from '../../platform/modules.js';
import { optionsRoutes } from './routes.js';
import { createOptionsService, type OptionsService } from './service.js';

declare module '../../platform/modules.js' {
  interface Services {
    options: OptionsService;
  }
}

export const optionsModule = defineModule({
  name: 'options',
  build: ({ limiter, registries, events, services: { accounts, registration, auth } }) => ({
    services: { options: createOptionsService({ accounts, events, registration, auth, limiter, userData: registries.userData }) },
  }),
  async register(api, { services: { options } }) {
    await api.register(optionsRoutes, { options });
  },
});
