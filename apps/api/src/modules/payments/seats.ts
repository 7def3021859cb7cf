import { and, count, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { queryPieces } from '../../platform/query-pieces.js';
import type { OfferRow } from '../catalogue/index.js';
import { teamMembershipPiece, teamOfOwner } from '../teams/index.js';

// Seats: an offer priced per seat bills its price once per seat, a seat being an active member of
// the team the subscriber owns (docs/billing.md, "Seats"). The team's subscription is its owner's.

type Db = Database | Transaction;
type SeatOffer = Pick<OfferRow, 'seatPricing' | 'minSeats'>;

/**
 * The seats a per-seat offer bills for a team of `members` active members: at least one, and at
 * least the offer's minimum. Null: the offer has a flat price.
 */
export function seatsToBill(offer: SeatOffer, members: number): number | null {
  return offer.seatPricing === 'per_seat' ? Math.max(members, 1, offer.minSeats) : null;
}

/** The seats a customer fills now: the active members of the team they own (themselves included), or 1 without a team. */
export async function seatsInUse(db: Db, userId: string): Promise<number> {
  return (await teamOfOwner(db, userId))?.activeMembers ?? 1;
}

/**
 * `seatsInUse` as a scalar subquery of the caller's statement (the plans page reads it with the
 * rest of its state): the owned team's active members, 1 when the user owns no team.
 */
export function seatsInUseSql(userId: SQL | Placeholder): SQL<number> {
  const owned = teamMembershipPiece('seats_owned_team');
  const members = teamMembershipPiece('seats_team_members');
  const counted = queryPieces
    .select({ n: count() })
    .from(members)
    .innerJoin(owned, eq(owned.teamId, members.teamId))
    .where(and(eq(owned.userId, userId), eq(owned.role, 'owner')));
  return sql<number>`coalesce(nullif(${counted}, 0), 1)`.mapWith(Number);
}
