import { defineModule } from '../../platform/modules.js';
import { activityRoutes } from './routes.js';
import { createActivityRepository } from './repository.js';
import { createActivityService, type ActivityService } from './service.js';
import { createActivityUserData } from './user-data.js';
import { subscribeActivity } from './subscribers.js';

declare module '../../platform/modules.js' {
  interface Services {
    activity: ActivityService;
  }
}

export const activityModule = defineModule({
  name: 'activity',
  async build({ db, events }) {
    const repo = createActivityRepository(db);
    await subscribeActivity(events, repo);
    return { services: { activity: createActivityService(repo) }, userData: [createActivityUserData(db)] };
  },
  async register(api, { services: { activity } }) {
    await api.register(activityRoutes, { activity });
  },
});
