/**
 * The trash module's public surface. Modules register their kinds in the registry
 * (platform/trash-registry.ts); `scheduleTrashPurge` runs `purgeExpired(now)` daily on the job
 * queue. The app exposes the service as `app.trash`.
 */
import { defineModule } from '../../platform/module.js';
import { trashRoutes } from './routes.js';
import type { TrashService } from './service.js';

export { scheduleTrashPurge } from './purge-job.js';
export { trashRoutes };
export { createTrashService, type TrashService } from './service.js';
export { createTrashRegistry, type TrashProvider, type TrashRegistry } from '../../platform/trash-registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    trash: TrashService;
  }
}

export const trashModule = defineModule({
  name: 'trash',
  async register(api, { trash }: { trash: TrashService }) {
    await api.register(trashRoutes, { trash });
  },
});
