import { TRASH_RETENTION_DAYS, type TrashItem, type TrashKind, type TrashListQuery } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import type { TrashEntry, TrashOwner, TrashProvider, TrashRegistry } from '../../platform/trash-registry.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { EventBus } from '../../platform/events.js';
import type { RequireAccess } from '../../platform/access.js';

const DAY = 86_400_000;
const RETENTION_MS = TRASH_RETENTION_DAYS * DAY;

/** (deletedAt desc, id desc): the keys are fixed-width UTC text, so strings compare like times. */
const newestFirst = (a: TrashEntry, b: TrashEntry) =>
  a.deletedAtKey === b.deletedAtKey ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.deletedAtKey < b.deletedAtKey ? 1 : -1;

const toItem = (e: TrashEntry): TrashItem => ({
  kind: e.kind,
  id: e.id,
  name: e.name,
  summary: e.summary,
  deletedAt: e.deletedAt.toISOString(),
  purgeAt: new Date(e.deletedAt.getTime() + RETENTION_MS).toISOString(),
});

/**
 * The trash (papelera): aggregates what the modules registered; it never reads their tables.
 * `purgeExpired(now)` is the daily automatic purge (to be scheduled on the job queue).
 */
export function createTrashService(registry: TrashRegistry, requireAccess: RequireAccess, events?: Pick<EventBus, 'publish'>) {
  function provider(kind: TrashKind): TrashProvider {
    const p = registry.get(kind);
    if (!p) throw new AppError('record.not_found');
    return p;
  }

  return {
    /** One page of every kind (or one), merged by deletion time: each kind gives at most limit + 1 rows after the cursor. */
    async list(owner: TrashOwner, query: TrashListQuery): Promise<{ data: TrashItem[]; nextCursor: string | null }> {
      const decoded = decodeCursor(query.before, 'before');
      const cursor = decoded && { deletedAt: decoded.createdAt, id: decoded.id };
      const providers = query.kind ? [provider(query.kind)] : registry.all();
      const entries = (await Promise.all(providers.map((p) => p.list(owner, {}, { cursor, limit: query.limit + 1 }))))
        .flat()
        .sort(newestFirst);
      const page = entries.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(toItem),
        nextCursor: entries.length > query.limit && last ? encodeCursor({ createdAt: last.deletedAtKey, id: last.id }) : null,
      };
    },

    /** Brings an item back and records it in the owner's history (cards and tags as profiles). */
    async restore(owner: TrashOwner, kind: TrashKind, id: string, origin?: RequestOrigin): Promise<void> {
      const restorer = provider(kind);
      await requireAccess(owner, `trash.${kind}`, id);
      const { name } = await restorer.restore(owner, id);
      const action = kind === 'file' ? 'file.restored' : kind === 'message' ? 'message.restored' : 'profile.restored';
      const target = { type: kind === 'card' || kind === 'tag' ? 'profile' : kind, id };
      const values = name === null ? undefined : { name };
      await events?.publish(action, {
        userId: owner.id,
        actorId: owner.id,
        target,
        ...(origin && { origin }),
        ...(values && { before: values, after: values }),
      });
    },

    /** Deletes one item for good (bytes too); anything but the owner's trashed item is 404. */
    async deleteForever(owner: TrashOwner, kind: TrashKind, id: string): Promise<{ deleted: number }> {
      const purger = provider(kind);
      await requireAccess(owner, `trash.${kind}`, id);
      return { deleted: await purger.purge(owner, [id]) };
    },

    /** Empties the owner's trash (or one kind of it). */
    async empty(owner: TrashOwner, kind?: TrashKind): Promise<{ deleted: number }> {
      let deleted = 0;
      for (const p of kind ? [provider(kind)] : registry.all()) deleted += await p.purge(owner);
      return { deleted };
    },

    /**
     * The automatic purge: deletes for good, with their bytes, the items of every user deleted more
     * than TRASH_RETENTION_DAYS before `now`; newer ones stay. Safe to run again (a re-run finds nothing).
     */
    async purgeExpired(now: Date = new Date()): Promise<Record<TrashKind, number>> {
      const before = new Date(now.getTime() - RETENTION_MS);
      const counts = { card: 0, tag: 0, message: 0, file: 0, wall_post: 0, email_template: 0, campaign: 0 } satisfies Record<
        TrashKind,
        number
      >;
      // Messages, posts and campaigns first: a purged card would take them with it uncounted.
      const order: TrashKind[] = ['message', 'wall_post', 'campaign', 'email_template', 'file', 'tag', 'card'];
      for (const p of [...registry.all()].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind)))
        counts[p.kind] = await p.purgeExpired(before);
      return counts;
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
