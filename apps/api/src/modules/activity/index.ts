/** Historial: other modules record what happened through the activity service. */
import { defineModule } from '../../platform/modules.js';
import { activityRoutes } from './routes.js';
import { createActivityRepository } from './repository.js';
import { createActivityService, type ActivityService } from './service.js';
import { createActivityUserData } from './user-data.js';
export { activityRoutes } from './routes.js';
export { changesBetween } from './changes.js';
export { createActivityRepository } from './repository.js';
export { createActivityService, type ActivityInput, type ActivityService, type RequestOrigin } from './service.js';
export { createActivityUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    activity: ActivityService;
  }
}

export const activityModule = defineModule({
  name: 'activity',
  build: ({ db }) => ({
    services: { activity: createActivityService(createActivityRepository(db)) },
    userData: [createActivityUserData(db)],
  }),
  async register(api, { services: { activity } }) {
    await api.register(activityRoutes, { activity });
  },
});
