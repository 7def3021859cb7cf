import type { Role } from '@enlaza/contracts';
import { AppError } from '../lib/errors.js';

// The checks take only the fields they read (an Actor's, or the session user's in lib/auth.ts), so this
// file imports neither actor.ts nor lib/auth.ts, which imports it.

/** A record that belongs to one user. */
export type Owned = { userId: string };

/**
 * The one ownership decision of every owner endpoint: a record that is missing or belongs to
 * another user is the same 404 (`record.not_found`), so nobody learns that someone else's exists.
 * Repositories may already filter by owner; this check is what every service relies on.
 */
export function requireOwned<T extends Owned>(actor: { id: string }, record: T | null | undefined): T {
  if (!record || record.userId !== actor.id) throw new AppError('record.not_found');
  return record;
}

/**
 * All or nothing for requests about several records: `owned` is how many of the distinct `ids` are
 * the actor's; one that is not (missing or someone else's) makes the whole request 404.
 */
export function requireAllOwned(owned: number, ids: readonly unknown[]): void {
  if (owned !== new Set(ids).size) throw new AppError('record.not_found');
}

/** The wrong role is 403 (`auth.forbidden`); route-level `app.authenticate(role)` calls this first. */
export function requireRole(actor: { role: Role }, role: Role): void {
  if (actor.role !== role) throw new AppError('auth.forbidden');
}
