import { publicProfileSchema, type Locale, type PublicProfile, type PublicWallPage } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import { createSessionCache } from '../../lib/session-cache.js';
import { reachOf, type createProfileReader, type ProfileRead, type Reach } from './profile-reader.js';
import { visitorFallbackLocale, type PageProfile } from './public-view.js';

/**
 * The public profile cache's timing. Every change reaches the cache through NOTIFY or the writer's
 * own drop, so the life of an entry is only a safety net: it was a minute, and then every entry was
 * read again every 40–50 s whether anything changed or not — measured, the server-rendered page's
 * benchmark spent its steady state reloading all of its 10,000 profiles (9,891 reloads), at 37.7 %
 * of the constant route's rate. Wall posts notify too since migration 0033.
 */
export const PROFILE_CACHE_TIMES = { ttlMs: 10 * 60_000, refreshAfterMs: 8 * 60_000, refreshJitterMs: 60_000 };

/**
 * `wall`: the first page of published posts, cached with the profile (a post's change drops the owner's entries like a profile's).
 * `content`: everything the answers are made of, to tell a reload that changed nothing.
 */
type Available = Reach & {
  ownerLocale: Locale;
  visibility: 'public' | 'unlisted' | 'private';
  profile: PublicProfile;
  json: string;
  wall: PublicWallPage | null;
  content: string;
};

/**
 * The public profile cache in front of the reader: what a visit, the vCard and the page
 * redirect read.
 */
export function createProfileCache({
  reader: { load, reaches },
  present,
  wallOf,
}: {
  reader: ReturnType<typeof createProfileReader>;
  /** The profile as visitors see it (public-view.ts `toPublic`, with the form's contact fields). */
  present: (row: ProfileRead) => Promise<PublicProfile>;
  /** The wall's first page when the profile's wall switch is on, else null. */
  wallOf: (profile: PublicProfile) => Promise<PublicWallPage | null>;
}) {
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
    const profile = await present(row);
    const wall = await wallOf(profile);
    const ownerLocale = visitorFallbackLocale(row.owner.locale);
    const visibility = row.profile.visibility;
    const content = JSON.stringify([row.profile.userId, row.owner.alias, visibility, ownerLocale, profile, wall]);
    if (previous?.content === content) {
      cacheCounts.unchanged++;
      return previous;
    }
    // What the route's response serializer would write, checked once here instead of per visit.
    const json = JSON.stringify({ ok: 1, data: publicProfileSchema.parse(profile) });
    return { ...reachOf(row), ownerLocale, visibility, profile, json, wall, content };
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
    const reached = reaches(alias, entry);
    if (reached !== true && !(await reached)) throw new AppError('profile.not_available');
    return { ...entry, cached, refreshing };
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

  return { available, peek, counts: cacheCounts, cache };
}
