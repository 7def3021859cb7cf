/**
 * The trash module's public surface. Modules register their kinds in the registry
 * (platform/trash-registry.ts); the integrator schedules `trash.purgeExpired(now)` daily on the
 * job queue — the app exposes the service as `app.trash`.
 */
import type { TrashService } from './service.js';

export { trashRoutes } from './routes.js';
export { createTrashService, type TrashService } from './service.js';
export { createTrashRegistry, type TrashProvider, type TrashRegistry } from '../../platform/trash-registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    trash: TrashService;
  }
}
