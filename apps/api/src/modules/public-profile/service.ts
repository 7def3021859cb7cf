import type { DomainEvents, PublicFormField, PublicProfile, PublicWallPage } from '@enlaza/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { aliasMainCard } from '../account/index.js';
import type { DailyCounters, Visitor } from './daily-counters.js';
import { AppError } from '../../lib/errors.js';
import { profileIdsBySlug, storedTag } from '../profiles/index.js';
import { liveFileOwner } from '../cloud/index.js';
import { createProfileCache } from './profile-cache.js';
import { createProfileReader, type ProfileRead } from './profile-reader.js';
import { profileStats } from './profile-stats.js';
import { toPublic, visitorFallbackLocale, type PageProfile } from './public-view.js';
import type { TeamDirectory } from './page/directory.js';

export { visitorFallbackLocale, type PageProfile } from './public-view.js';
export { PROFILE_CACHE_TIMES } from './profile-cache.js';

/** A team's directory at `/link/{alias}`: null when no team has the alias or its directory is off; a redirect from an old alias. */
export type TeamDirectoryLoader = (alias: string) => Promise<TeamDirectory | { redirect: string } | null>;

/** A page of a profile's published wall posts (the walls module answers it; `before` is the `?posts=` cursor). */
export type WallPageLoader = (profileId: string, canonicalPath: string, before: string | null) => Promise<PublicWallPage>;

/**
 * A lost tag's scan, told to its owner (the `tag.scanned_lost` event: notifications subscribe). Every
 * view counts, but each process publishes at most one per tag and hour (reloads and bots would
 * otherwise enqueue a job each); the notification's key makes it one per tag and hour across processes.
 */
function createLostScanAnnouncer({ publish, now }: LostScans) {
  const announced = new Map<string, string>();
  return (profile: PublicProfile, userId: string) => {
    if (!profile.tag?.lostMode) return;
    const at = now().toISOString();
    const hour = at.slice(0, 13);
    if (announced.get(profile.id) === hour) return;
    if (announced.size > 10_000) announced.clear();
    announced.set(profile.id, hour);
    // Never a reason to fail the visit: a failed publish is tried again on a later visit.
    void publish({ profileId: profile.id, userId, profileName: profile.name, at }).catch(() => announced.delete(profile.id));
  };
}

type LostScans = { publish: (payload: DomainEvents['tag.scanned_lost']) => Promise<void>; now: () => Date };

/**
 * What the public page shows from other modules: the wall's posts (the walls module, built before
 * this one) and the teams' directories (the `teamDirectory` hook: teams come later, as they read the
 * page's statistics).
 */
type PageSources = {
  lostScans: LostScans;
  wallPage: WallPageLoader;
  teamDirectory: () => TeamDirectoryLoader;
  /** The owner's contact fields asked on the contact form (the audience module's `contactFormFields` hook). */
  formFields: () => FormFieldsLoader;
  /** A card's or tag's verified custom domain (the custom-domains module's `customDomainOf` hook). */
  customDomainOf: () => CustomDomainLoader;
};

/** The host a card or tag is served at when its owner verified one, else null. */
export type CustomDomainLoader = (profileId: string) => Promise<string | null>;

/** The contact fields an owner asks on their contact forms, in their order. */
export type FormFieldsLoader = (ownerId: string) => Promise<PublicFormField[]>;

/** The public page of a card or tag, its vCard, and its visit statistics. */
export function createPublicProfileService(
  db: Database,
  counters: DailyCounters,
  { lostScans, wallPage, teamDirectory, formFields, customDomainOf }: PageSources,
) {
  const announceLostScan = createLostScanAnnouncer(lostScans);
  // Reads (profile-reader.ts), the cache in front of them (profile-cache.ts), the statistics (profile-stats.ts).
  const reader = createProfileReader(db);
  const { resolve, loadAny } = reader;
  const { live, owner } = reader.pieces;
  /** The wall's page when the profile's wall switch is on, else null. */
  const wallOf = (profile: PublicProfile, before: string | null = null) =>
    profile.wall ? wallPage(profile.id, profile.canonicalPath, before) : Promise.resolve(null);
  /** A profile as visitors see it: its public view and, when its contact form is on, the owner's fields asked there. */
  async function present(row: ProfileRead): Promise<PublicProfile> {
    const profile = toPublic(row);
    return profile.contactForm ? { ...profile, formFields: await formFields()(row.profile.userId) } : profile;
  }
  const { available, peek, counts: cacheCounts, cache } = createProfileCache({ reader, present, wallOf: (profile) => wallOf(profile) });

  return {
    /**
     * The profile as a visitor sees it, as the route's answer `{ok: 1, data}` already serialised; also
     * counts the visitor (once a day). `cached`: answered from the cache.
     */
    async viewJson(alias: string, profileId: string, visitor: Visitor): Promise<{ json: string; cached: boolean; refreshing: boolean }> {
      const { profile, json, cached, refreshing, userId } = await available(alias, profileId);
      counters.visit(profile.id, visitor);
      announceLostScan(profile, userId);
      return { json, cached, refreshing };
    },

    /** Cache answers, misses and background refreshes since the process started. */
    cacheCounts: () => ({ ...cacheCounts }),

    /** The page's HTML: the profile (from the cache), counting the visitor (once a day); null when it is not available. */
    async visit(alias: string, profileId: string, visitor: Visitor): Promise<PageProfile | null> {
      const found = await peek(alias, profileId);
      // An old alias only redirects: the visit is counted at the current address.
      if (found && found.profile.alias === alias) {
        counters.visit(found.profile.id, visitor);
        announceLostScan(found.profile, found.ownerId!);
      }
      return found;
    },

    /**
     * Where the short link `/link/{alias}` leads: the canonical address of the owner's main card
     * (through an old alias too); null when nobody has the alias or the card is not available.
     */
    async mainCardPath(alias: string): Promise<string | null> {
      const owner = await aliasMainCard(db, alias);
      if (!owner?.mainProfileId) return null;
      const found = await peek(owner.alias, owner.mainProfileId);
      return found?.profile.canonicalPath ?? null;
    },

    /**
     * Where a card's short link `/link/{alias}/{slug}` leads (the slug: the first hex digits of its
     * id, as the owner's screens share it): its canonical address, when a card with that slug is
     * available under this alias (an old one too); null otherwise.
     */
    async shortLinkPath(alias: string, slug: string): Promise<string | null> {
      for (const id of await profileIdsBySlug(db, slug)) {
        const found = await peek(alias, id);
        if (found) return found.profile.canonicalPath;
      }
      return null;
    },

    /** The owner's preview of any of their profiles, private ones too: never cached, never counted. */
    async preview(profileId: string): Promise<PageProfile | null> {
      const row = await loadAny(profileId).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      if (!row) return null;
      const profile = await present(row);
      return {
        profile,
        visibility: row.profile.visibility,
        ownerLocale: visitorFallbackLocale(row.owner.locale),
        wall: await wallOf(profile),
      };
    },

    /**
     * A live card of an active owner whatever its visibility, with what a wallet pass needs (its owner,
     * photo file, owner's language); null for a tag, a deleted card or a suspended owner.
     */
    async walletCard(profileId: string) {
      const row = await loadAny(profileId).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      if (!row || row.profile.kind !== 'card') return null;
      return {
        profile: toPublic(row),
        visibility: row.profile.visibility,
        userId: row.profile.userId,
        photoFileId: row.profile.photoFileId,
        ownerLocale: visitorFallbackLocale(row.owner.locale),
      };
    },

    /** Without counting a visit (the vCard, the page redirect); null when it is not available. */
    peek,

    /** The team directory of `/link/{alias}` (never cached: it is off by default and seldom visited). */
    teamDirectory: (alias: string) => teamDirectory()(alias),

    /** The card's or tag's verified custom domain (its address there is `https://<host>/`), or null. */
    customDomainOf: (profileId: string) => customDomainOf()(profileId),

    /** A later page of the wall (`?posts=`), never cached; null when the wall is off. */
    wallPage: (profile: PublicProfile, before: string) => wallOf(profile, before),

    /** Who receives a contact-form message sent at this address (not counted as a visit); throws profile.not_available. */
    async contactTarget(alias: string, profileId: string) {
      const { profile, owner } = await resolve(alias, profileId);
      const tag = profile.kind === 'tag' ? storedTag(profile.name, profile.tag) : null;
      return {
        profileId: profile.id,
        userId: profile.userId,
        kind: profile.kind,
        name: profile.name,
        contactForm: profile.contactForm,
        lostMode: tag?.lostMode ?? false,
        owner: { name: owner.name, email: owner.email, locale: owner.locale, notificationEmails: owner.notificationEmails },
      };
    },

    /**
     * The owner and the file id of an available profile's photo, cover or logo (null: none, or not
     * available). A team card shows files of its team's template, from the cloud of whoever set them.
     */
    async imageFile(
      alias: string,
      profileId: string,
      which: 'photo' | 'cover' | 'logo',
    ): Promise<{ userId: string; fileId: string } | null> {
      const found = await resolve(alias, profileId).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      const fileId = found
        ? { photo: found.profile.photoFileId, cover: found.profile.coverFileId, logo: found.profile.logoFileId }[which]
        : null;
      if (!found || !fileId) return null;
      return { userId: (found.team.id && (await liveFileOwner(db, fileId))) || found.profile.userId, fileId };
    },

    /** A download of the profile's vCard ("save contact"), counted per day. */
    countSave(profileId: string): void {
      counters.save(profileId);
    },

    async click(alias: string, profileId: string): Promise<void> {
      const { profile } = await available(alias, profileId);
      counters.click(profile.id);
    },

    /** Drops the cached profiles of an owner (after a change to them or to the owner). */
    forgetOwner: (userId: string): void => cache.forgetUser(userId),
    /** Drops every cached profile (after an admin's change, which may concern anyone). */
    forgetAll: (): void => cache.clear(),
    /** The cache is used only while changes are known to be notified (the LISTEN is up). */
    setCacheLive: (live: boolean): void => cache.setEnabled(live),

    /** The owner's alias when this live profile is theirs (for the preview address), else null. */
    async ownedAlias(userId: string, profileId: string): Promise<string | null> {
      const [row] = await db
        .select({ alias: owner.alias })
        .from(live)
        .innerJoin(owner, eq(owner.id, live.userId))
        .where(and(eq(live.id, profileId), eq(live.userId, userId)));
      return row?.alias ?? null;
    },

    ...profileStats(db, counters, reader.pieces),
  };
}

export type PublicProfileService = ReturnType<typeof createPublicProfileService>;

/**
 * The profile cache's answer as a `Server-Timing` entry (browsers' dev tools and the benchmark read
 * it): `cache;desc=hit` or `miss`, and `cache-refresh` when the hit started a background reload.
 */
export const profileCacheTiming = (found: { cached?: boolean; refreshing?: boolean }): string =>
  found.refreshing ? 'cache;desc=hit, cache-refresh' : found.cached ? 'cache;desc=hit' : 'cache;desc=miss';
