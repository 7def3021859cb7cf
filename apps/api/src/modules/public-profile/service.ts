import type { ProfileStats, PublicProfile } from '@enlaza/contracts';
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { aliasRedirects, profileDailyStats, profiles, users } from '../../db/schema/index.js';
import type { DailyCounters } from '../../lib/daily-counters.js';
import { AppError } from '../../lib/errors.js';
import { storedCard, storedTag } from '../profiles/stored-fields.js';

const DAY = 86_400_000;

/** The public page of a card or tag, its vCard, and its visit statistics. */
export function createPublicProfileService(db: Database, counters: DailyCounters) {
  /** An available profile: not deleted, not private, owner active; reached by its owner's alias or an old one. */
  async function resolve(alias: string, profileId: string) {
    const [row] = await db
      .select({ profile: profiles, owner: { alias: users.alias, name: users.name, email: users.email, phone: users.phone, status: users.status } })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(and(eq(profiles.id, profileId), isNull(profiles.deletedAt)));
    if (!row || row.owner.status !== 'active' || row.profile.visibility === 'private') throw new AppError('profile.not_available');
    if (row.owner.alias !== alias) {
      const [old] = await db.select().from(aliasRedirects).where(and(eq(aliasRedirects.alias, alias), eq(aliasRedirects.userId, row.profile.userId)));
      if (!old) throw new AppError('profile.not_available');
    }
    return row;
  }

  function toPublic({ profile, owner }: Awaited<ReturnType<typeof resolve>>): PublicProfile {
    const canonicalPath = `/link/${owner.alias}/${profile.id}`;
    const tag = profile.kind === 'tag' ? storedTag(profile.name, profile.tag) : null;
    return {
      id: profile.id,
      kind: profile.kind,
      name: profile.name,
      alias: owner.alias,
      canonicalPath,
      vcardPath: `/api/public${canonicalPath}/vcard`,
      // The file id in the query makes a changed photo a new address, so the images can be cached for long.
      photoUrl: profile.photoFileId ? `/api/public${canonicalPath}/photo?v=${profile.photoFileId.slice(0, 8)}` : null,
      coverUrl: profile.coverFileId ? `/api/public${canonicalPath}/cover?v=${profile.coverFileId.slice(0, 8)}` : null,
      theme: profile.theme,
      contactForm: profile.contactForm,
      wall: profile.wall,
      card: profile.kind === 'card' ? storedCard(profile.name, profile.card) : null,
      tag: tag
        ? {
            name: tag.name, tagKind: tag.tagKind, description: tag.description, showOwnerContact: tag.showOwnerContact, lostMode: tag.lostMode, lostNote: tag.lostNote, reward: tag.reward,
            ownerContact: tag.showOwnerContact ? { name: owner.name, email: owner.email, phone: owner.phone } : null,
          }
        : null,
    };
  }

  return {
    /** The profile as a visitor sees it; also counts the visit. */
    async view(alias: string, profileId: string): Promise<PublicProfile> {
      const found = toPublic(await resolve(alias, profileId));
      counters.hit(found.id, 'visits');
      return found;
    },

    /** Without counting a visit (the page's HTML, the vCard); null when it is not available. */
    async peek(alias: string, profileId: string): Promise<{ profile: PublicProfile; visibility: 'public' | 'unlisted' | 'private' } | null> {
      try {
        const row = await resolve(alias, profileId);
        return { profile: toPublic(row), visibility: row.profile.visibility };
      } catch (error) {
        if (error instanceof AppError) return null;
        throw error;
      }
    },

    async click(alias: string, profileId: string): Promise<void> {
      const { profile } = await resolve(alias, profileId);
      counters.hit(profile.id, 'linkClicks');
    },

    /** Visits and clicks per day over the last `days` days (zero-filled), for the owner. */
    async stats(userId: string, profileId: string, days = 30, now = new Date()): Promise<ProfileStats> {
      const [owned] = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.id, profileId), eq(profiles.userId, userId), isNull(profiles.deletedAt)));
      if (!owned) throw new AppError('record.not_found');
      await counters.flush();
      const first = new Date(now.getTime() - (days - 1) * DAY).toISOString().slice(0, 10);
      const rows = await db.select().from(profileDailyStats).where(and(eq(profileDailyStats.profileId, profileId), gte(profileDailyStats.day, first))).orderBy(asc(profileDailyStats.day));
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const series = Array.from({ length: days }, (_, i) => {
        const day = new Date(Date.parse(first) + i * DAY).toISOString().slice(0, 10);
        const row = byDay.get(day);
        return { day, visits: row?.visits ?? 0, linkClicks: row?.linkClicks ?? 0 };
      });
      return { days: series, totals: { visits: series.reduce((n, d) => n + d.visits, 0), linkClicks: series.reduce((n, d) => n + d.linkClicks, 0) } };
    },
  };
}

export type PublicProfileService = ReturnType<typeof createPublicProfileService>;
