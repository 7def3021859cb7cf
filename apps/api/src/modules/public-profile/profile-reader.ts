import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { isOldAlias, userPiece } from '../account/index.js';
import { isOldTeamAlias, teamFieldSql } from '../teams/index.js';
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
      // A team card's team (null fields: a personal card): its address is the team's alias, whoever holds it.
      team: { id: live.teamId, name: teamFieldSql(live.teamId, 'name'), alias: teamFieldSql(live.teamId, 'alias') },
    })
    .from(live)
    .innerJoin(owner, eq(owner.id, live.userId))
    .where(inArray(live.id, ids));
}

/** A live profile's row and its owner's (and a team card's team), as one read answers them. */
export type ProfileRead = Awaited<ReturnType<typeof selectRows>>[number];

/** Where a profile is reached: its address's alias (a team card's is its team's), its holder's alias, the holder and the team. */
export type Reach = { alias: string; ownerAlias: string; userId: string; teamId: string | null };

/** A team card's team as read (null: a personal card or a tag). */
export const teamOf = ({ team }: ProfileRead): { id: string; name: string; alias: string } | null =>
  team.id && team.name !== null && team.alias !== null ? { id: team.id, name: team.name, alias: team.alias } : null;

/** The reach of a profile read. */
export function reachOf(row: ProfileRead): Reach {
  const team = teamOf(row);
  return { alias: team?.alias ?? row.owner.alias, ownerAlias: row.owner.alias, userId: row.profile.userId, teamId: team?.id ?? null };
}

/** Reads profiles with their owners, batched per turn of the event loop, and decides which are available at an alias. */
export function createProfileReader(db: Database) {
  const pieces = piecesOf();

  /** An available profile: not deleted, not private, owner active; reached by its address's alias, its holder's, or an old one of either. */
  async function resolve(alias: string, profileId: string) {
    const row = await load(profileId);
    const reached = reaches(alias, reachOf(row));
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
   * The address's alias, or one that redirects to it: the holder's old aliases; for a team card also
   * its holder's current alias and the team's old ones. The address's own (nearly every visit) is
   * answered at once, without a promise to wait for.
   */
  function reaches(alias: string, target: Reach): true | Promise<boolean> {
    if (alias === target.alias) return true;
    if (!target.teamId) return isOldAlias(db, alias, target.userId);
    if (alias === target.ownerAlias) return true;
    const teamId = target.teamId;
    return isOldAlias(db, alias, target.userId).then((old) => old || isOldTeamAlias(db, alias, teamId));
  }

  return { pieces, resolve, load, loadAny, reaches };
}
