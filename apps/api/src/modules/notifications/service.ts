import type { Notification, NotificationListQuery, NotificationPayload, NotificationType } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { renderNewMessageEmail, renderNotificationEmail } from '../../lib/email-templates.js';
import type { Mailer } from '../../platform/mailer.js';
import { linkOf, renderText, toNotification } from './render.js';
import type { NotificationRow, NotificationsRepository } from './repository.js';

/** Who is asking: the services take this, not the users row. */
export type { Actor } from '../../platform/actor.js';
import type { Actor } from '../../platform/actor.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
export type QuotaMetric = 'storage' | 'sends';
const LEVELS = [100, 80] as const;

/** `now`: the product's clock (the sandbox test clock when it runs), which dates each notification. */
type Deps = { repo: NotificationsRepository; requireAccess: RequireAccess; mailer: Mailer; publicUrl: string; now: () => Date };

/** Notificaciones: stores, lists and marks notifications, and emails the types the user chose (a lost tag's message and a disputed payment always). */
export function createNotificationsService({ repo, requireAccess, mailer, publicUrl, now }: Deps) {
  /**
   * The notification's email, when its type is chosen in Options (a lost tag's message and scan always),
   * enqueued in the notification's own transaction: it exists exactly when the notification does.
   */
  async function enqueueEmail(tx: Transaction, row: NotificationRow): Promise<void> {
    const to = await repo.recipient(tx, row.userId);
    if (!to || to.status !== 'active') return;
    const type = row.type as NotificationType;
    // Something about a lost tag (a message, a scan) is always emailed: the owner is waiting for it. A
    // disputed payment too: it goes to the admins, who have no notification list in the app, and has a deadline.
    const forced = (type === 'new_message' && row.payload.lostMode === true) || type === 'tag_scanned' || type === 'payment_disputed';
    if (!forced && !to.notificationEmails.includes(type)) return;
    const locale = to.locale ?? 'en';
    const link = `${publicUrl}${linkOf(type, row.payload)}`;
    const options = { tx, idempotencyKey: `notification:${row.id}` };
    if (type === 'new_message') {
      const p = row.payload as NotificationPayload<'new_message'>;
      const email = renderNewMessageEmail(locale, {
        ownerName: to.name,
        profileName: p.profileName,
        senderName: p.senderName,
        senderEmail: p.senderEmail,
        body: p.excerpt,
        link,
        lostMode: p.lostMode,
      });
      await mailer.send({ to: to.email, userId: row.userId, kind: 'system', replyTo: p.senderEmail, ...email }, options);
      return;
    }
    // The email is read by its owner: times in their time zone (Preferences).
    const email = renderNotificationEmail(locale, { name: to.name, ...renderText(locale, type, row.payload, to.timeZone), link });
    await mailer.send({ to: to.email, userId: row.userId, kind: 'system', ...email }, options);
  }

  /**
   * Stores the notification and its email (when chosen) in one transaction — the caller's, when
   * given. `sourceKey` names what raised it: raising again with the same key does nothing.
   */
  async function notify<T extends NotificationType>(
    userId: string,
    type: T,
    payload: NotificationPayload<T>,
    tx?: Transaction,
    sourceKey?: string,
  ): Promise<NotificationRow | undefined> {
    return repo.inTransaction(tx, async (t) => {
      const row = await repo.insert(t, userId, type, payload, sourceKey, now());
      if (row) await enqueueEmail(t, row);
      return row;
    });
  }

  return {
    /**
     * Raises a notification for a user: stored, pushed live to their open streams (through
     * PostgreSQL NOTIFY, so every API process hears it) and emailed when chosen. With `tx` it
     * commits with the caller's write, email included.
     */
    notify,

    async list(actor: Actor, query: NotificationListQuery): Promise<{ data: Notification[]; nextCursor: string | null; unread: number }> {
      const before = query.before ? Number(query.before) : null;
      const [rows, unread, timeZone] = await Promise.all([
        repo.list(actor.id, before, query.limit, query.unread ?? false),
        repo.unreadCount(actor.id),
        repo.timeZoneOf(actor.id),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map((r) => toNotification(r, actor.locale, timeZone)),
        nextCursor: rows.length > query.limit && last ? String(last.id) : null,
        unread,
      };
    },

    unread: (actor: Actor) => repo.unreadCount(actor.id),

    /** Another user's notification is as unknown as a missing one (404). */
    async markRead(actor: Actor, id: string): Promise<Notification> {
      await requireAccess(actor, 'notification', id);
      const row = afterAccess(await repo.markRead(actor.id, Number(id)));
      return toNotification(row, actor.locale, await repo.timeZoneOf(actor.id));
    },

    markAllRead: async (actor: Actor) => ({ affected: await repo.markAllRead(actor.id) }),

    /**
     * Usage moved from `before` to `after` against `limit`: raises the highest threshold (80 %, 100 %)
     * just crossed, once. Storage thresholds re-arm when usage was under them before this change (a
     * new crossing); send thresholds fire once per month (`period`, e.g. 2026-11). `sourceKey` names the
     * change (an event's delivery): the same change reported again raises nothing, even once re-armed.
     */
    async usageChanged(
      userId: string,
      metric: QuotaMetric,
      usage: { before: number; after: number; limit: number; period?: string },
      sourceKey?: string,
    ): Promise<void> {
      const { before, after, limit } = usage;
      if (limit <= 0) return;
      const keyOf = (level: number) => (metric === 'storage' ? `storage:${level}` : `sends:${usage.period ?? ''}:${level}`);
      if (metric === 'storage') await repo.rearmThresholds(userId, LEVELS.filter((l) => before * 100 < l * limit).map(keyOf));
      const reached = LEVELS.filter((l) => after * 100 >= l * limit);
      if (!reached.length) return;
      await repo.inTransaction(undefined, async (tx) => {
        const won: number[] = [];
        for (const level of reached) if (await repo.claimThreshold(tx, userId, keyOf(level))) won.push(level);
        const top = won[0];
        if (top === undefined) return null;
        const percent = top as 80 | 100;
        const row =
          metric === 'storage'
            ? await repo.insert(tx, userId, 'storage_quota', { percent, usedBytes: after, limitBytes: limit }, sourceKey, now())
            : await repo.insert(tx, userId, 'sends_quota', { percent, used: after, limit, period: usage.period ?? '' }, sourceKey, now());
        if (row) await enqueueEmail(tx, row);
        return row ?? null;
      });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
