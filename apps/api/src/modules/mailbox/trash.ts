import type { TrashProvider } from '../../platform/trash-registry.js';
import type { MailboxRepository } from './repository.js';

const EXCERPT = 120;

/** What the mailbox registers in the trash: visitors' messages (no quota applies to bringing one back). */
export function createMailboxTrash(repo: MailboxRepository): TrashProvider {
  return {
    kind: 'message',
    async list(owner, _filter, page) {
      const rows = await repo.listTrashed(owner.id, page.cursor, page.limit);
      return rows.map(({ message, profileName, deletedAtKey }) => {
        const body = message.body.replace(/\s+/g, ' ').trim();
        const excerpt = body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body;
        return {
          kind: 'message' as const,
          id: message.id,
          name: message.name,
          summary: `${profileName} · ${excerpt}`,
          deletedAt: message.deletedAt ?? new Date(),
          deletedAtKey,
        };
      });
    },
    async restore(owner, id) {
      // The trash checked `trash.message` first: a concurrent restore or purge leaves nothing to do.
      await repo.restoreTrashed(owner.id, id);
      // The history keeps no visitor's name: a restored message is recorded by its id only.
      return { name: null };
    },
    purge: (owner, ids) => repo.purge(owner.id, ids),
    purgeExpired: (before) => repo.purgeExpired(before),
    trashed: (ownerId, ids) => repo.trashedIds(ownerId, ids),
  };
}
