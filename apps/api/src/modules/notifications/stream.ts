import type { Locale } from '@enlaza/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { DatabaseHandle, Listener } from '../../db/client.js';
import { openSse, type SseConnection } from '../../platform/sse.js';
import { toNotification } from './render.js';
import { NOTIFICATION_CHANNEL, type NotificationsRepository } from './repository.js';

export type StreamOptions = {
  /** A comment line this often keeps proxies from closing an idle stream and finds dead sockets. */
  heartbeatMs: number;
  /** Open streams per user in this process; the oldest is closed when one more opens. */
  maxPerUser: number;
  /** A stream whose socket stays full this long is closed (the browser resumes with Last-Event-ID). */
  stallMs: number;
  /** What the browser waits before reconnecting. */
  retryMs: number;
};
export const DEFAULT_STREAM_OPTIONS: StreamOptions = { heartbeatMs: 20_000, maxPerUser: 5, stallMs: 60_000, retryMs: 3_000 };
const BATCH = 100;

type Stream = {
  userId: string;
  locale: Locale;
  sse: SseConnection;
  /** The last notification id written: everything after it is still owed. */
  lastId: number;
  lastUnread: number | null;
  busy: boolean;
  again: boolean;
  congestedSince: number | null;
  /** False once the session that opened it has ended (checked on heartbeats). */
  stillSignedIn: () => Promise<boolean>;
};

/**
 * Live notification streams of this process. Every process LISTENs on one channel; a NOTIFY names a
 * user, and each of that user's streams here reads from the table what came after the last id it
 * wrote. So any process serves any user, and a stream that was busy, congested or reconnecting
 * catches up from the database instead of from a buffer.
 */
export function createNotificationStreams(deps: { repo: NotificationsRepository; database: DatabaseHandle; log: FastifyBaseLogger; options?: Partial<StreamOptions> }) {
  const { repo, database, log } = deps;
  const options = { ...DEFAULT_STREAM_OPTIONS, ...deps.options };
  const byUser = new Map<string, Set<Stream>>();
  let listener: Listener | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  async function pump(stream: Stream): Promise<void> {
    if (stream.busy) {
      stream.again = true;
      return;
    }
    stream.busy = true;
    try {
      do {
        stream.again = false;
        if (stream.sse.closed() || stream.sse.congested()) return; // 'drain' pumps again
        const rows = await repo.after(stream.userId, stream.lastId, BATCH);
        if (rows.length === 0) {
          // Nothing new: something was marked read (here or in another process).
          const unread = await repo.unreadCount(stream.userId);
          if (unread !== stream.lastUnread && !stream.sse.closed()) {
            stream.lastUnread = unread;
            stream.sse.send({ event: 'unread', data: { unread } });
          }
        }
        for (const { row, unread } of rows) {
          if (stream.sse.closed()) return;
          stream.sse.send({ id: String(row.id), event: 'notification', data: { ...toNotification(row, stream.locale), unread } });
          stream.lastId = row.id;
          stream.lastUnread = unread;
          if (stream.sse.congested()) {
            stream.congestedSince ??= Date.now();
            return;
          }
        }
        if (rows.length === BATCH) stream.again = true;
      } while (stream.again);
    } catch (error) {
      log.error({ err: error }, 'notification stream could not catch up');
    } finally {
      stream.busy = false;
    }
  }

  function wakeUser(userId: string): void {
    for (const stream of byUser.get(userId) ?? []) void pump(stream);
  }

  function remove(stream: Stream): void {
    const set = byUser.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) byUser.delete(stream.userId);
  }

  async function tick(): Promise<void> {
    const now = Date.now();
    for (const set of byUser.values()) {
      for (const stream of set) {
        if (stream.sse.congested()) {
          if (stream.congestedSince !== null && now - stream.congestedSince > options.stallMs) stream.sse.end();
          continue;
        }
        stream.sse.comment('hb');
        void stream.stillSignedIn().then(
          (yes) => yes || stream.sse.end(),
          () => undefined,
        );
      }
    }
  }

  return {
    options,

    async start(): Promise<void> {
      // After the LISTEN connection was down, every stream catches up: a NOTIFY may have been missed.
      listener = await database.listen(NOTIFICATION_CHANNEL, wakeUser, (live) => {
        if (live) for (const userId of byUser.keys()) wakeUser(userId);
      });
      heartbeat = setInterval(() => void tick(), options.heartbeatMs);
      heartbeat.unref();
    },

    /**
     * Serves one stream on a hijacked response. Without `lastEventId` it starts at the user's newest
     * notification (and tells the unread count); with it, everything after that id comes first.
     */
    async open(raw: ServerResponse, viewer: { userId: string; locale: Locale; stillSignedIn: () => Promise<boolean> }, lastEventId: number | null): Promise<void> {
      const lastId = lastEventId ?? (await repo.lastId(viewer.userId));
      const sse = openSse(raw, options.retryMs);
      const stream: Stream = { ...viewer, sse, lastId, lastUnread: null, busy: false, again: false, congestedSince: null };
      let set = byUser.get(viewer.userId);
      if (!set) byUser.set(viewer.userId, (set = new Set()));
      if (set.size >= options.maxPerUser) {
        const oldest = set.values().next().value;
        if (oldest) {
          remove(oldest);
          oldest.sse.end();
        }
      }
      set.add(stream);
      sse.onDrain(() => {
        stream.congestedSince = null;
        void pump(stream);
      });
      sse.onClose(() => remove(stream));
      await pump(stream);
    },

    /** Open streams in this process (all users). */
    count: () => [...byUser.values()].reduce((n, set) => n + set.size, 0),

    async stop(): Promise<void> {
      if (heartbeat) clearInterval(heartbeat);
      for (const set of byUser.values()) for (const stream of set) stream.sse.end();
      byUser.clear();
      await listener?.close();
    },
  };
}

export type NotificationStreams = ReturnType<typeof createNotificationStreams>;
