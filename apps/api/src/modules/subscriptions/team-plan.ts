import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { offerDetails } from '../catalogue/index.js';
import { teamMembershipPiece } from '../teams/index.js';
import { runningSubscription } from './query-pieces.js';
import type { PlanRow } from './repository.js';

/**
 * The plan a member's quotas rise to: the plan of their team's owner when the owner runs a per-seat
 * subscription (a team plan, docs/billing.md "Seats"), else null. The owner's own plan is already theirs.
 */
export async function teamPlanOf(db: Database | Transaction, userId: string): Promise<PlanRow | null> {
  const member = teamMembershipPiece('team_plan_member');
  const owner = teamMembershipPiece('team_plan_owner');
  const [row] = await db
    .select({ ownerId: owner.userId })
    .from(member)
    .innerJoin(owner, and(eq(owner.teamId, member.teamId), eq(owner.role, 'owner')))
    .where(eq(member.userId, userId));
  if (!row || row.ownerId === userId) return null;
  const running = await runningSubscription(db, row.ownerId);
  if (!running?.subscription.offerId || running.plan.isFree) return null;
  const offer = await offerDetails(db, running.subscription.offerId);
  return offer?.offer.seatPricing === 'per_seat' ? running.plan : null;
}
