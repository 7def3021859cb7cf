import type { Locale, Notification, NotificationListQuery, NotificationPayload, NotificationType } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { renderNewMessageEmail, renderNotificationEmail } from '../../lib/email-templates.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { linkOf, renderText, toNotification } from './render.js';
import type { NotificationRow, NotificationsRepository } from './repository.js';

/** Who is asking: the services take this, not the users row. */
export type Actor = { id: string; role: 'admin' | 'user'; locale: Locale };
export type QuotaMetric = 'storage' | 'sends';
const LEVELS = [100, 80] as const;

type Deps = { repo: NotificationsRepository; mailer: Mailer; publicUrl: string };

/** Notificaciones: stores, lists and marks notifications, and emails the types the user chose (a lost tag's message always). */
export function createNotificationsService({ repo, mailer, publicUrl }: Deps) {
  /** After the notification is stored: its email, when the type is chosen in Options (or forced), in the background. */
  function emailInBackground(row: NotificationRow): void {
    mailer.defer(async () => {
      const to = await repo.recipient(row.userId);
      if (!to || to.status !== 'active') return;
      const type = row.type as NotificationType;
      const forced = type === 'new_message' && row.payload.lostMode === true;
      if (!forced && !to.notificationEmails.includes(type)) return;
      const locale = to.locale ?? 'en';
      const link = `${publicUrl}${linkOf(type, row.payload)}`;
      if (type === 'new_message') {
        const p = row.payload as NotificationPayload<'new_message'>;
        const email = renderNewMessageEmail(locale, { ownerName: to.name, profileName: p.profileName, senderName: p.senderName, senderEmail: p.senderEmail, body: p.excerpt, link, lostMode: p.lostMode });
        return mailer.send({ to: to.email, userId: row.userId, kind: 'system', replyTo: p.senderEmail, ...email });
      }
      const email = renderNotificationEmail(locale, { name: to.name, ...renderText(locale, type, row.payload), link });
      return mailer.send({ to: to.email, userId: row.userId, kind: 'system', ...email });
    });
  }

  async function notify<T extends NotificationType>(userId: string, type: T, payload: NotificationPayload<T>, tx?: Transaction): Promise<NotificationRow> {
    const row = await repo.inTransaction(tx, (t) => repo.insert(t, userId, type, payload as Record<string, unknown>));
    emailInBackground(row);
    return row;
  }

  return {
    /**
     * Raises a notification for a user: stored, pushed live to their open streams (through
     * PostgreSQL NOTIFY, so every API process hears it) and emailed when chosen. With `tx` it
     * commits with the caller's write (the email still goes right after this call).
     */
    notify,

    async list(actor: Actor, query: NotificationListQuery): Promise<{ data: Notification[]; nextCursor: string | null; unread: number }> {
      const before = query.before ? Number(query.before) : null;
      const [rows, unread] = await Promise.all([repo.list(actor.id, before, query.limit, query.unread ?? false), repo.unreadCount(actor.id)]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { data: page.map((r) => toNotification(r, actor.locale)), nextCursor: rows.length > query.limit && last ? String(last.id) : null, unread };
    },

    unread: (actor: Actor) => repo.unreadCount(actor.id),

    /** Another user's notification is as unknown as a missing one (404). */
    async markRead(actor: Actor, id: string): Promise<Notification> {
      const numeric = /^[1-9]\d{0,17}$/.test(id) ? Number(id) : null;
      const row = numeric ? await repo.markRead(actor.id, numeric) : undefined;
      if (!row) throw new AppError('record.not_found');
      return toNotification(row, actor.locale);
    },

    markAllRead: async (actor: Actor) => ({ affected: await repo.markAllRead(actor.id) }),

    /**
     * Usage moved from `before` to `after` against `limit`: raises the highest threshold (80 %, 100 %)
     * just crossed, once. Storage thresholds re-arm when usage was under them before this change (a
     * new crossing); send thresholds fire once per month (`period`, e.g. 2026-11).
     */
    async usageChanged(userId: string, metric: QuotaMetric, usage: { before: number; after: number; limit: number; period?: string }): Promise<void> {
      const { before, after, limit } = usage;
      if (limit <= 0) return;
      const keyOf = (level: number) => (metric === 'storage' ? `storage:${level}` : `sends:${usage.period ?? ''}:${level}`);
      if (metric === 'storage') await repo.rearmThresholds(userId, LEVELS.filter((l) => before * 100 < l * limit).map(keyOf));
      const reached = LEVELS.filter((l) => after * 100 >= l * limit);
      if (!reached.length) return;
      const claimed = await repo.inTransaction(undefined, async (tx) => {
        const won: number[] = [];
        for (const level of reached) if (await repo.claimThreshold(tx, userId, keyOf(level))) won.push(level);
        const top = won[0];
        if (top === undefined) return null;
        const percent = top as 80 | 100;
        return metric === 'storage'
          ? repo.insert(tx, userId, 'storage_quota', { percent, usedBytes: after, limitBytes: limit })
          : repo.insert(tx, userId, 'sends_quota', { percent, used: after, limit, period: usage.period ?? '' });
      });
      if (claimed) emailInBackground(claimed);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
