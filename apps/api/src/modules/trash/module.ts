/**
 * The trash module. Modules register their kinds in the registry (platform/trash-registry.ts);
 * `defineTrashJobs` runs `purgeExpired(now)` daily on the job queue. The app exposes the service as
 * `app.trash`.
 */
import { defineModule } from '../../platform/modules.js';
import { trashRoutes } from './routes.js';
import { defineTrashJobs } from './jobs.js';
import { createTrashService, type TrashService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    trash: TrashService;
  }
}

declare module '../../platform/modules.js' {
  interface Services {
    trash: TrashService;
  }
}

/** The trash of every kind the modules registered, and its daily purge. */
export const trashModule = defineModule({
  name: 'trash',
  async build({ jobs, registries, events }) {
    const trash = createTrashService(registries.trash, registries.access.requireAccess, events);
    await defineTrashJobs(trash, jobs);
    return { services: { trash }, decorate: { trash } };
  },
  async register(api, { services: { trash } }) {
    await api.register(trashRoutes, { trash });
  },
});
