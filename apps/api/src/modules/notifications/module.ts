import { defineModule } from '../../platform/modules.js';
import { notificationRoutes } from './routes.js';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.js';
import type { Mailer } from '../../platform/mailer.js';
import type { EventBus } from '../../platform/events.js';
import { createNotificationsRepository } from './repository.js';
import { createNotificationsService, type NotificationsService } from './service.js';
import { createNotificationStreams, type NotificationStreams, type StreamOptions } from './stream.js';
import { subscribeNotifications } from './subscribers.js';
import { activeAdminIds } from '../account/index.js';
import { createNotificationsUserData } from './user-data.js';
import { createNotificationsAccess } from './access.js';
import type { RequireAccess } from '../../platform/access.js';

export type { StreamOptions } from './stream.js';

/**
 * Other modules raise notifications by publishing domain events (subscribers.ts) and report their
 * monthly sends with `service.usageChanged`; `streams` holds this process's live streams (one LISTEN
 * per process; stop it before the server closes).
 */
async function createNotifications(deps: {
  database: DatabaseHandle;
  mailer: Mailer;
  events: EventBus;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The product's clock: it dates the notifications. */
  now: () => Date;
  streamOptions?: Partial<StreamOptions>;
  requireAccess: RequireAccess;
}) {
  const repo = createNotificationsRepository(deps.database.db);
  const service = createNotificationsService({
    repo,
    requireAccess: deps.requireAccess,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    now: deps.now,
  });
  // Every notification another module causes comes from its events, after its write committed.
  await subscribeNotifications(deps.events, service, () => activeAdminIds(deps.database.db));
  const streams = createNotificationStreams({ repo, database: deps.database, log: deps.log, options: deps.streamOptions });
  await streams.start();
  return { service, streams };
}

declare module '../../platform/modules.js' {
  interface Services {
    notifications: NotificationsService;
    notificationStreams: NotificationStreams;
  }
}

/** The module, its live streams tuned by `streamOptions` (heartbeat, per-user cap…; tests and the benchmark shorten them). */
export const notificationsModule = (streamOptions?: Partial<StreamOptions>) =>
  defineModule({
    name: 'notifications',
    async build({ database, mailer, events, config, log, clock, registries }) {
      const { service, streams } = await createNotifications({
        database,
        mailer,
        events,
        publicUrl: config.publicUrl,
        log,
        now: () => clock.now(),
        streamOptions,
        requireAccess: registries.access.requireAccess,
      });
      return {
        services: { notifications: service, notificationStreams: streams },
        userData: [createNotificationsUserData(database.db)],
        access: [createNotificationsAccess(database.db)],
        // Open streams would keep the server from closing: they end first.
        preClose: () => streams.stop(),
      };
    },
    async register(api, { services: { notifications, notificationStreams, auth } }) {
      await api.register(notificationRoutes, { notifications, streams: notificationStreams, auth });
    },
  });
