/** The guided start: the new account's checklist on the user dashboard. */
import { defineModule } from '../../platform/modules.js';
import { createOnboardingRepository } from './repository.js';
import { onboardingRoutes } from './routes.js';
import { createOnboardingService, type OnboardingService } from './service.js';
import { createOnboardingUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    onboarding: OnboardingService;
  }
}

export const onboardingModule = defineModule({
  name: 'onboarding',
  build: ({ db, registries }) => ({
    services: { onboarding: createOnboardingService(createOnboardingRepository(db), registries.access.requireAccess) },
    userData: [createOnboardingUserData(db)],
  }),
  async register(api, { services: { onboarding } }) {
    await api.register(onboardingRoutes, { onboarding });
  },
});
