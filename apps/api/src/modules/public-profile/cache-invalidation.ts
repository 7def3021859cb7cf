import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import type { PublicProfileService } from './service.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Keeps the public-profile cache correct (see the service):
 * - changes made by any process (or by hand) arrive as NOTIFY `enlaza_public` with the owner's id
 *   (triggers on profiles and users, migration 0009); the cache is used only while that LISTEN is up;
 * - this process's own writes drop the cache before their answer is sent, so the writer reads its
 *   write at once: any state-changing request of a signed-in user drops that user's profiles, and
 *   one of an admin (who may change anyone: suspension, deletion) drops them all.
 * Register before the routes, so the hook applies to all of them.
 */
export async function publicProfileCacheInvalidation(
  app: FastifyInstance,
  database: DatabaseHandle,
  service: PublicProfileService,
): Promise<void> {
  let closing = false;
  const listener = await database.listen(
    'enlaza_public',
    (userId) => service.forgetOwner(userId),
    (live) => {
      service.setCacheLive(live);
      // Every public visit is a query until it is back: say so (a benchmark's hit rate falls to 0).
      if (live) app.log.info('public profile cache on (LISTEN enlaza_public is up)');
      else if (!closing) app.log.warn('public profile cache off: the LISTEN enlaza_public connection is down, reconnecting');
    },
  );
  service.setCacheLive(listener.live());
  app.addHook('onClose', () => {
    closing = true; // the connection going down now is the shutdown, not a fault
    return listener.close();
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.auth && !SAFE_METHODS.has(request.method)) {
      if (request.auth.user.role === 'admin') service.forgetAll();
      else service.forgetOwner(request.auth.user.id);
    }
    return payload;
  });
}
