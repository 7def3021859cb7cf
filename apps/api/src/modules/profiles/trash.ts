import type { ProfileKind } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import type { TrashProvider } from '../../platform/trash-registry.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { ProfileRow, ProfilesRepository } from './repository.js';
import { storedCard, storedTag } from './stored-fields.js';
import { afterAccess } from '../../platform/access.js';

/** A card's job and company, or a tag's kind and serial: enough to tell two of the same name apart. */
function summaryOf(row: ProfileRow): string | null {
  if (row.kind === 'card') {
    const card = storedCard(row.name, row.card);
    return [card.jobTitle, card.company].filter(Boolean).join(' · ') || null;
  }
  const tag = storedTag(row.name, row.tag);
  return [tag.serial].filter(Boolean).join(' · ') || null;
}

/** What the profiles module registers in the trash: cards and tags, each restored within its plan quota. */
export function createProfilesTrash(repo: ProfilesRepository, subscriptions: SubscriptionsService): TrashProvider[] {
  const provider = (kind: ProfileKind): TrashProvider => ({
    kind,
    async list(owner, _filter, page) {
      const rows = await repo.listTrashed(owner.id, kind, page.cursor, page.limit);
      return rows.map(({ profile, deletedAtKey }) => ({
        kind,
        id: profile.id,
        name: profile.name,
        summary: summaryOf(profile),
        deletedAt: profile.deletedAt ?? new Date(),
        deletedAtKey,
      }));
    },

    /** Refused (nothing changes) when the owner already has as many live ones as the plan allows. */
    async restore(owner, id) {
      const { limits } = await subscriptions.subscriptionData(owner);
      const limit = kind === 'card' ? limits.profiles : limits.tags;
      return repo.withOwnerLock(owner.id, async (tx) => {
        const live = await repo.countLive(tx, owner.id, kind);
        // The trash checked `trash.<kind>` first: only a concurrent restore or purge finds nothing here.
        const restored = afterAccess(await repo.restore(tx, owner.id, kind, id));
        // Thrown inside the transaction, so the restore above is rolled back.
        if (live >= limit)
          throw new AppError(kind === 'card' ? 'trash.over_quota_cards' : 'trash.over_quota_tags', { limit, count: limit });
        return { name: restored.name };
      });
    },

    purge: (owner, ids) => repo.purge(owner.id, kind, ids),
    purgeExpired: (before) => repo.purgeExpired(kind, before),
    trashed: (ownerId, ids) => repo.trashedIds(ownerId, kind, ids),
  });
  return [provider('card'), provider('tag')];
}
