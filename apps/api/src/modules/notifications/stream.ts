import type { Locale } from '@enlaza/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { DatabaseHandle, Listener } from '../../db/client.js';
import { openSse, type SseConnection } from '../../platform/sse.js';
import { toNotification } from './render.js';
import { NOTIFICATION_CHANNEL, type NotificationRow, type NotificationsRepository } from './repository.js';

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
/** Notifications per user per round, and users per round (one query). */
const BATCH = 100;
const BATCH_USERS = 1000;

type Stream = {
  userId: string;
  locale: Locale;
  /** The user's time zone when the stream opened: the notifications' times on their clock. */
  timeZone: string | null;
  sse: SseConnection;
  /** The last notification id written: everything after it is still owed. */
  lastId: number;
  lastUnread: number | null;
  congestedSince: number | null;
  /** False once the session that opened it has ended (checked on heartbeats). */
  stillSignedIn: () => Promise<boolean>;
};

/**
 * Writes a user's new rows to one of their streams (those it has not had), or only the unread count
 * when none is new to it; false when the stream closed or filled up (its 'drain' asks again).
 */
function deliver(stream: Stream, rows: { row: NotificationRow | null; unread: number }[]): boolean {
  let sent = false;
  for (const { row, unread } of rows) {
    if (!row || row.id <= stream.lastId) continue;
    if (stream.sse.closed()) return false;
    stream.sse.send({
      id: String(row.id),
      event: 'notification',
      data: { ...toNotification(row, stream.locale, stream.timeZone), unread },
    });
    stream.lastId = row.id;
    stream.lastUnread = unread;
    sent = true;
    if (stream.sse.congested()) {
      stream.congestedSince ??= Date.now();
      return false; // 'drain' asks again
    }
  }
  const unread = rows[0]?.unread;
  // Nothing new for this stream: something was marked read (here or in another process).
  if (!sent && unread !== undefined && unread !== stream.lastUnread) {
    stream.lastUnread = unread;
    stream.sse.send({ event: 'unread', data: { unread } });
  }
  return true;
}

/**
 * Live notification streams of this process. Every process LISTENs on one channel; a NOTIFY names a
 * user. Users named since the last round are caught up together in one query (a burst of a
 * thousand NOTIFYs is one query, not a thousand), each stream getting what came after the last id
 * it wrote. So any process serves any user, and a stream that was congested or reconnecting
 * catches up from the database instead of from a buffer.
 */
export function createNotificationStreams(deps: {
  repo: NotificationsRepository;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  options?: Partial<StreamOptions>;
}) {
  const { repo, database, log } = deps;
  const options = { ...DEFAULT_STREAM_OPTIONS, ...deps.options };
  const byUser = new Map<string, Set<Stream>>();
  /** Users to catch up in the next round. */
  const pending = new Set<string>();
  let running = false;
  let listener: Listener | null = null;
  let heartbeat: NodeJS.Timeout | null = null;

  /** One round: every pending user's new rows in one query, then written to each of their streams. */
  async function round(): Promise<void> {
    const users = [...pending].slice(0, BATCH_USERS);
    for (const userId of users) pending.delete(userId);
    const wanted = users.flatMap((userId) => {
      const open = [...(byUser.get(userId) ?? [])].filter((s) => !s.sse.closed() && !s.sse.congested());
      return open.length ? [{ userId, afterId: Math.min(...open.map((s) => s.lastId)) }] : [];
    });
    const rows = await repo.afterMany(wanted, BATCH);
    const perUser = new Map<string, typeof rows>();
    for (const r of rows) perUser.set(r.userId, [...(perUser.get(r.userId) ?? []), r]);
    for (const [userId, list] of perUser) {
      for (const stream of byUser.get(userId) ?? []) if (!stream.sse.congested()) deliver(stream, list);
      if (list.filter((r) => r.row).length === BATCH) pending.add(userId); // more to come
    }
  }

  function wakeUser(userId: string): void {
    if (!byUser.has(userId)) return;
    pending.add(userId);
    if (running) return;
    running = true;
    // Let the rest of a burst of NOTIFYs arrive first, so they share one query.
    setImmediate(() => {
      void (async () => {
        try {
          while (pending.size) await round();
        } catch (error) {
          log.error({ err: error }, 'notification streams could not catch up');
        } finally {
          running = false;
          if (pending.size) wakeUser([...pending][0] as string);
        }
      })();
    });
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
    async open(
      raw: ServerResponse,
      viewer: { userId: string; locale: Locale; stillSignedIn: () => Promise<boolean> },
      lastEventId: number | null,
    ): Promise<void> {
      const lastId = lastEventId ?? (await repo.lastId(viewer.userId));
      const timeZone = await repo.timeZoneOf(viewer.userId);
      const sse = openSse(raw, options.retryMs);
      const stream: Stream = { ...viewer, timeZone, sse, lastId, lastUnread: null, congestedSince: null };
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
        wakeUser(stream.userId);
      });
      sse.onClose(() => remove(stream));
      wakeUser(viewer.userId);
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
