/** Historial: other modules record what happened through the activity service. */
import { defineModule } from '../../platform/module.js';
import { activityRoutes } from './routes.js';
import type { ActivityService } from './service.js';
export { activityRoutes } from './routes.js';
export { changesBetween } from './changes.js';
export { createActivityRepository } from './repository.js';
export { createActivityService, type ActivityInput, type ActivityService, type RequestOrigin } from './service.js';
export { createActivityUserData } from './user-data.js';

export const activityModule = defineModule({
  name: 'activity',
  async register(api, { activity }: { activity: ActivityService }) {
    await api.register(activityRoutes, { activity });
  },
});
