import {
  publicProfileSchema,
  type DomainEvents,
  type Locale,
  type ProfileStats,
  type PublicProfile,
  type PublicWallPage,
} from '@enlaza/contracts';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { profileDailyStats } from './schema.js';
import { aliasMainCard, isOldAlias, userPiece } from '../account/index.js';
import type { DailyCounters, Visitor } from './daily-counters.js';
import { AppError } from '../../lib/errors.js';
import { createSessionCache } from '../../lib/session-cache.js';
import { liveProfilePiece, storedCard, storedTag } from '../profiles/index.js';

/**
 * The language a card shows a visitor whose own is none of ours: its owner's chosen one, else
 * English. The app's own default (`jp`, for its screens) does not apply to visitors (PRODUCT.md §4).
 */
export const visitorFallbackLocale = (ownerChoice: Locale | null): Locale => ownerChoice ?? 'en';

/**
 * The public profile cache's timing. Every change reaches the cache through NOTIFY or the writer's
 * own drop, so the life of an entry is only a safety net: it was a minute, and then every entry was
 * read again every 40–50 s whether anything changed or not — measured, the server-rendered page's
 * benchmark spent its steady state reloading all of its 10,000 profiles (9,891 reloads), at 37.7 %
 * of the constant route's rate. Wall posts notify too since migration 0033.
 */
export const PROFILE_CACHE_TIMES = { ttlMs: 10 * 60_000, refreshAfterMs: 8 * 60_000, refreshJitterMs: 60_000 };

/** A page of a profile's published wall posts (the walls module answers it; `before` is the `?posts=` cursor). */
export type WallPageLoader = (profileId: string, canonicalPath: string, before: string | null) => Promise<PublicWallPage>;

/** The public page of a card or tag, its vCard, and its visit statistics. */
/**
 * A lost tag's scan, told to its owner (the `tag.scanned_lost` event: notifications subscribe). Every
 * view counts, but each process publishes at most one per tag and hour (reloads and bots would
 * otherwise enqueue a job each); the notification's key makes it one per tag and hour across processes.
 */
function createLostScanAnnouncer(publish: ((payload: DomainEvents['tag.scanned_lost']) => Promise<void>) | null, now: () => Date) {
  const announced = new Map<string, string>();
  return (profile: PublicProfile, userId: string) => {
    if (!publish || !profile.tag?.lostMode) return;
    const at = now().toISOString();
    const hour = at.slice(0, 13);
    if (announced.get(profile.id) === hour) return;
    if (announced.size > 10_000) announced.clear();
    announced.set(profile.id, hour);
    // Never a reason to fail the visit: a failed publish is tried again on a later visit.
    void publish({ profileId: profile.id, userId, profileName: profile.name, at }).catch(() => announced.delete(profile.id));
  };
}

export function createPublicProfileService(
  db: Database,
  counters: DailyCounters,
  lostScans: { publish: (payload: DomainEvents['tag.scanned_lost']) => Promise<void>; now: () => Date } | null = null,
) {
  const announceLostScan = createLostScanAnnouncer(lostScans?.publish ?? null, lostScans?.now ?? (() => new Date()));
  // The profiles' and accounts' query pieces, joined in one statement per read (the hot path stays one query).
  const live = liveProfilePiece('profile');
  const owner = userPiece('owner');
  let wallLoader: WallPageLoader | null = null;
  /** The wall's page when the profile's wall switch is on (and a loader is known), else null. */
  const wallOf = (profile: PublicProfile, before: string | null = null) =>
    profile.wall && wallLoader ? wallLoader(profile.id, profile.canonicalPath, before) : Promise.resolve(null);
  /** An available profile: not deleted, not private, owner active; reached by its owner's alias or an old one. */
  async function resolve(alias: string, profileId: string) {
    const row = await load(profileId);
    const reached = reaches(alias, row.owner.alias, row.profile.userId);
    if (reached !== true && !(await reached)) throw new AppError('profile.not_available');
    return row;
  }

  /** An available profile whatever the alias; throws profile.not_available. */
  async function load(profileId: string) {
    const row = await loadAny(profileId);
    if (row.profile.visibility === 'private') throw new AppError('profile.not_available');
    return row;
  }

  function selectRows(ids: string[]) {
    return db
      .select({
        profile: live._.selectedFields,
        owner: {
          alias: owner.alias,
          name: owner.name,
          email: owner.email,
          phone: owner.phone,
          status: owner.status,
          locale: owner.locale,
          notificationEmails: owner.notificationEmails,
        },
      })
      .from(live)
      .innerJoin(owner, eq(owner.id, live.userId))
      .where(inArray(live.id, ids));
  }
  type Row = Awaited<ReturnType<typeof selectRows>>[number];

  /**
   * Profiles asked for in the same turn of the event loop are read in one query. Under load the
   * cache's misses (a first visit, an entry past its minute) arrive many at a time: read one by
   * one they queued for the pool's connections, and the wait showed in every answer's p99.
   */
  type Batch = Map<string, { resolve: (row: Row | undefined) => void; reject: (error: unknown) => void }[]>;
  let pending: Batch | null = null;
  const BATCH_MAX = 200;
  function readRow(profileId: string): Promise<Row | undefined> {
    return new Promise((resolve, reject) => {
      if (!pending || pending.size >= BATCH_MAX) {
        const batch: Batch = new Map();
        pending = batch;
        setImmediate(() => {
          if (pending === batch) pending = null;
          selectRows([...batch.keys()]).then(
            (rows) => {
              const byId = new Map(rows.map((row) => [row.profile.id, row]));
              for (const [id, waiters] of batch) for (const waiter of waiters) waiter.resolve(byId.get(id));
            },
            (error: unknown) => {
              for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
            },
          );
        });
      }
      const batch = pending;
      const waiters = batch.get(profileId) ?? [];
      waiters.push({ resolve, reject });
      batch.set(profileId, waiters);
    });
  }

  /** A profile that is not deleted and whose owner is active, private ones too (the owner's preview). */
  async function loadAny(profileId: string) {
    const row = await readRow(profileId);
    if (!row || row.owner.status !== 'active') throw new AppError('profile.not_available');
    return row;
  }

  /**
   * The owner's current alias, or one of their old ones (those redirect). The current one (nearly
   * every visit) is answered at once, without a promise to wait for.
   */
  function reaches(alias: string, ownerAlias: string, userId: string): true | Promise<boolean> {
    return alias === ownerAlias || isOldAlias(db, alias, userId);
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
      // The file id in the query makes a changed photo a new address (the images are cached for an hour).
      photoUrl: profile.photoFileId ? `/api/public${canonicalPath}/photo?v=${profile.photoFileId.slice(0, 8)}` : null,
      coverUrl: profile.coverFileId ? `/api/public${canonicalPath}/cover?v=${profile.coverFileId.slice(0, 8)}` : null,
      theme: profile.theme,
      contactForm: profile.contactForm,
      wall: profile.wall,
      sectionOrder: profile.sectionOrder,
      card: profile.kind === 'card' ? storedCard(profile.name, profile.card) : null,
      tag: tag
        ? {
            name: tag.name,
            tagKind: tag.tagKind,
            description: tag.description,
            showOwnerContact: tag.showOwnerContact,
            lostMode: tag.lostMode,
            lostNote: tag.lostNote,
            reward: tag.reward,
            serial: tag.serial,
            // A finder calls it while the tag is lost; otherwise it stays private.
            phone: tag.lostMode ? tag.phone : null,
            ownerContact: tag.showOwnerContact ? { name: owner.name, email: owner.email, phone: owner.phone } : null,
          }
        : null,
    };
  }

  /**
   * `wall`: the first page of published posts, cached with the profile (a post's change drops the owner's entries like a profile's).
   * `content`: everything the answers are made of, to tell a reload that changed nothing.
   */
  type Available = {
    userId: string;
    alias: string;
    ownerLocale: Locale;
    visibility: 'public' | 'unlisted' | 'private';
    profile: PublicProfile;
    json: string;
    wall: PublicWallPage | null;
    content: string;
  };
  /**
   * Available profiles by id, with their answer already serialised, so a visit usually costs no
   * query. Kept correct like the session cache: the app drops an owner's entries right after its
   * own writes (`forgetOwner`), triggers on profiles, users (migration 0009) and wall posts (0033)
   * NOTIFY `enlaza_public` with the owner's id for changes made elsewhere, nothing is served while
   * that LISTEN is down, and no entry lives longer than PROFILE_CACHE_TIMES.ttlMs (a safety net:
   * every change is notified). Unavailable profiles are never cached.
   *
   * An entry read 8–9 min after it was loaded (the spread keeps entries loaded together from coming
   * due together) is reloaded in the background while it keeps being served, so a profile visited
   * at least every minute is never a miss. The reloads due within REFRESH_DELAY_MS are read together
   * (a reload is nobody's wait: many rows per query cost far less than one query each). When a
   * reload finds the same content the entry keeps its objects, so what was built from them (the
   * rendered pages and card markup, keyed by the profile object) stays found at no cost.
   */
  const cache = createSessionCache<Available>({ maxEntries: 20_000, ...PROFILE_CACHE_TIMES });

  /** Answers from the cache, misses, and background refreshes (started; unchanged: the content was the same) since the start. */
  const cacheCounts = { hits: 0, misses: 0, refreshes: 0, unchanged: 0 };

  /** Reads an available profile into a cache entry; the objects of `previous` when nothing changed. */
  async function loadEntry(profileId: string, previous?: Available): Promise<Available> {
    const row = await load(profileId);
    const profile = toPublic(row);
    const wall = await wallOf(profile);
    const ownerLocale = visitorFallbackLocale(row.owner.locale);
    const visibility = row.profile.visibility;
    const content = JSON.stringify([row.profile.userId, visibility, ownerLocale, profile, wall]);
    if (previous?.content === content) {
      cacheCounts.unchanged++;
      return previous;
    }
    // What the route's response serializer would write, checked once here instead of per visit.
    const json = JSON.stringify({ ok: 1, data: publicProfileSchema.parse(profile) });
    return { userId: row.profile.userId, alias: row.owner.alias, ownerLocale, visibility, profile, json, wall, content };
  }

  /** Reloads a cached entry that came due while it keeps being served; drops it when the profile is no longer available. */
  async function refresh(profileId: string, previous: Available): Promise<void> {
    cacheCounts.refreshes++;
    const stamp = cache.stamp();
    try {
      cache.set(profileId, await loadEntry(profileId, previous), stamp);
    } catch (error) {
      // Not available any more: the next visit reads it again (and answers 404). Another failure
      // (the database briefly away) leaves the entry to be claimed again, or to expire.
      if (error instanceof AppError) cache.forget(profileId);
    }
  }

  const REFRESH_DELAY_MS = 200;
  let dueForRefresh = new Map<string, Available>();
  function scheduleRefresh(profileId: string, previous: Available): void {
    dueForRefresh.set(profileId, previous);
    if (dueForRefresh.size > 1) return;
    setTimeout(() => {
      const due = dueForRefresh;
      dueForRefresh = new Map();
      // Started in one turn of the event loop: readRow reads them in batches.
      for (const [id, entry] of due) void refresh(id, entry);
    }, REFRESH_DELAY_MS).unref();
  }

  /** `cached`: answered from the cache; `refreshing`: and that entry is being reloaded in the background. */
  async function available(alias: string, profileId: string): Promise<Available & { cached: boolean; refreshing: boolean }> {
    let entry: Available | undefined = cache.get(profileId);
    const cached = Boolean(entry);
    cacheCounts[cached ? 'hits' : 'misses']++;
    const refreshing = Boolean(entry && cache.claimRefresh(profileId));
    if (entry && refreshing) scheduleRefresh(profileId, entry);
    if (!entry) {
      const stamp = cache.stamp();
      entry = await loadEntry(profileId);
      cache.set(profileId, entry, stamp);
    }
    const reached = reaches(alias, entry.alias, entry.userId);
    if (reached !== true && !(await reached)) throw new AppError('profile.not_available');
    return { ...entry, cached, refreshing };
  }

  /** Unique visitors and clicks on each of `days`, zero-filled. */
  function series(rows: { day: string; visitors: number; linkClicks: number }[], days: string[]): ProfileStats {
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const list = days.map((day) => {
      const row = byDay.get(day);
      return { day, visitors: row?.visitors ?? 0, linkClicks: row?.linkClicks ?? 0 };
    });
    return {
      days: list,
      totals: { visitors: list.reduce((n, d) => n + d.visitors, 0), linkClicks: list.reduce((n, d) => n + d.linkClicks, 0) },
    };
  }

  /** Without counting a visit (the vCard, the page redirect); null when it is not available. */
  async function peek(alias: string, profileId: string): Promise<PageProfile | null> {
    try {
      const { profile, visibility, ownerLocale, cached, refreshing, wall, userId } = await available(alias, profileId);
      return { profile, visibility, ownerLocale, cached, refreshing, wall, ownerId: userId };
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

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

    /** The owner's preview of any of their profiles, private ones too: never cached, never counted. */
    async preview(profileId: string): Promise<PageProfile | null> {
      const row = await loadAny(profileId).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      if (!row) return null;
      const profile = toPublic(row);
      return {
        profile,
        visibility: row.profile.visibility,
        ownerLocale: visitorFallbackLocale(row.owner.locale),
        wall: await wallOf(profile),
      };
    },

    /** Without counting a visit (the vCard, the page redirect); null when it is not available. */
    peek,

    /** Where the published wall posts come from (the walls module, wired at start-up). */
    useWall(loader: WallPageLoader): void {
      wallLoader = loader;
    },

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

    /** The owner and the file id of an available profile's photo or cover (null: none, or not available). */
    async imageFile(alias: string, profileId: string, which: 'photo' | 'cover'): Promise<{ userId: string; fileId: string } | null> {
      const found = await resolve(alias, profileId).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      const fileId = found ? (which === 'photo' ? found.profile.photoFileId : found.profile.coverFileId) : null;
      return found && fileId ? { userId: found.profile.userId, fileId } : null;
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

    /** Unique visitors and clicks per day over the last `days` days (the seller's calendar, zero-filled); the route checked access to the profile. */
    async stats(profileId: string, days = 30, now?: Date): Promise<ProfileStats> {
      await counters.flush();
      const list = counters.lastDays(days, now);
      const rows = await db
        .select()
        .from(profileDailyStats)
        .where(and(eq(profileDailyStats.profileId, profileId), gte(profileDailyStats.day, list[0]!)))
        .orderBy(asc(profileDailyStats.day));
      return series(rows, list);
    },

    /** Unique visitors and clicks per day over the last `days` days, summed over all the user's live profiles (zero-filled). */
    async userStats(userId: string, days = 30, now?: Date): Promise<ProfileStats> {
      await counters.flush();
      const list = counters.lastDays(days, now);
      const rows = await db
        .select({
          day: profileDailyStats.day,
          visitors: sql<number>`sum(${profileDailyStats.visitors})::int`,
          linkClicks: sql<number>`sum(${profileDailyStats.linkClicks})::int`,
        })
        .from(profileDailyStats)
        .innerJoin(live, eq(live.id, profileDailyStats.profileId))
        .where(and(eq(live.userId, userId), gte(profileDailyStats.day, list[0]!)))
        .groupBy(profileDailyStats.day);
      return series(rows, list);
    },
  };
}

export type PublicProfileService = ReturnType<typeof createPublicProfileService>;

/**
 * The profile cache's answer as a `Server-Timing` entry (browsers' dev tools and the benchmark read
 * it): `cache;desc=hit` or `miss`, and `cache-refresh` when the hit started a background reload.
 */
export const profileCacheTiming = (found: { cached?: boolean; refreshing?: boolean }): string =>
  found.refreshing ? 'cache;desc=hit, cache-refresh' : found.cached ? 'cache;desc=hit' : 'cache;desc=miss';
export type PageProfile = {
  profile: PublicProfile;
  /** The owner's account id (not shown: a lost tag's scan is told to them). */
  ownerId?: string;
  visibility: 'public' | 'unlisted' | 'private';
  /** The owner's chosen language, else English (see visitorFallbackLocale). */
  ownerLocale: Locale;
  cached?: boolean;
  /** Answered from the cache while the entry is reloaded in the background (it came due). */
  refreshing?: boolean;
  wall: PublicWallPage | null;
};
