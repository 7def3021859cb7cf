import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { isOldAlias, userPiece } from '../account/index.js';
import { liveProfilePiece } from '../profiles/index.js';

// The profiles' and accounts' query pieces, joined in one statement per read (the hot path stays one query).
const piecesOf = () => ({ live: liveProfilePiece('profile'), owner: userPiece('owner') });
type Pieces = ReturnType<typeof piecesOf>;

function selectRows(db: Database, { live, owner }: Pieces, ids: string[]) {
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

/** A live profile's row and its owner's, as one read answers them. */
export type ProfileRead = Awaited<ReturnType<typeof selectRows>>[number];

/** Reads profiles with their owners, batched per turn of the event loop, and decides which are available at an alias. */
export function createProfileReader(db: Database) {
  const pieces = piecesOf();

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

  /**
   * Profiles asked for in the same turn of the event loop are read in one query. Under load the
   * cache's misses (a first visit, an entry past its minute) arrive many at a time: read one by
   * one they queued for the pool's connections, and the wait showed in every answer's p99.
   */
  type Batch = Map<string, { resolve: (row: ProfileRead | undefined) => void; reject: (error: unknown) => void }[]>;
  let pending: Batch | null = null;
  const BATCH_MAX = 200;
  function readRow(profileId: string): Promise<ProfileRead | undefined> {
    return new Promise((resolve, reject) => {
      if (!pending || pending.size >= BATCH_MAX) {
        const batch: Batch = new Map();
        pending = batch;
        setImmediate(() => {
          if (pending === batch) pending = null;
          selectRows(db, pieces, [...batch.keys()]).then(
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

  return { pieces, resolve, load, loadAny, reaches };
}
