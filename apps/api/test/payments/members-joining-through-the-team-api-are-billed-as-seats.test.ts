import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceLines, payments, subscriptions } from '../../src/db/schema/index.js';
import { perSeatOffer } from '../helpers/seats-fixture.js';
import { callAs, useTestClockApp } from '../helpers/subscriber.js';
import { joinedMember, teamCall, teamWithOwner } from '../helpers/teams.js';
import { saveTestMethodAs, TEST_METHODS } from '../helpers/sandbox-methods.js';

// The agreement between the teams module and billing, end to end: members who accept invitations
// through the teams API (each join publishing `team.members_changed`) are billed as seats added to
// the owner's per-seat subscription, once; a member removed through it is billed until the renewal.
const app = useTestClockApp();

/** The jobs the membership events queued for `userId`'s seats (each runs the seat addition a minute later). */
async function seatJobsOf(userId: string) {
  const { rows } = await app.t.database.jobsDb.executeSql(
    "select data from pgboss.job where name = 'payments.add-seats' and data ->> 'userId' = $1",
    [userId],
  );
  return (rows as { data: { userId: string; at: string } }[]).map((r) => r.data);
}

describe('members who join through the team API', { timeout: 180_000 }, () => {
  it('are billed as seats once the owner runs a per-seat plan; a removal bills nothing back', async () => {
    const { offer } = await perSeatOffer(app.t, app.admin, { priceCents: 1000, minSeats: 1 });
    const { owner } = await teamWithOwner(app.t);
    const card = await saveTestMethodAs(app.t, owner.token, TEST_METHODS.ok, { holder: owner.name });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const paid = await callAs(app.t, owner.token, 'POST', '/api/user/checkout', {
      offerId: offer.id,
      methodId: card.body.data.id,
      idempotencyKey: `checkout-${owner.id}`,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [sub] = await app.t.db.select().from(subscriptions).where(eq(subscriptions.offerId, offer.id));
    expect(sub!.seats).toBe(1);

    const first = await joinedMember(app.t, owner);
    await joinedMember(app.t, owner);
    const queued = await (async () => {
      for (let i = 0; i < 100; i += 1) {
        const jobs = await seatJobsOf(owner.id);
        if (jobs.length >= 2) return jobs;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return seatJobsOf(owner.id);
    })();
    expect(queued.length).toBeGreaterThanOrEqual(2);
    // The jobs the two joins queued: the first bills both seats, the other finds them billed.
    const outcomes = [];
    for (const job of queued) outcomes.push(await app.t.app.payments.addSeats(job.userId, new Date(job.at)));
    expect(outcomes.filter((o) => o === 'added')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'added').every((o) => o === 'none')).toBe(true);

    const seats = await app.t.db
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, sub!.id), eq(payments.purpose, 'seats')))
      .orderBy(asc(payments.createdAt));
    expect(seats).toHaveLength(1);
    const [line] = await app.t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, seats[0]!.invoiceId!));
    expect(line).toMatchObject({ quantity: 2 });
    expect((await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id)))[0]!.seats).toBe(3);

    // Removed through the API: the seat stays billed until the renewal.
    const removed = await teamCall(app.t)('DELETE', `/api/team/members/${first.member.id}`, owner, { card: 'keep' });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const job of await seatJobsOf(owner.id)) expect(await app.t.app.payments.addSeats(job.userId, new Date(job.at))).toBe('none');
    expect((await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id)))[0]!.seats).toBe(3);
    const myPlan = await callAs(app.t, owner.token, 'GET', '/api/user/myplan');
    expect(myPlan.body.data.seats).toEqual({ billed: 3, inUse: 2, minSeats: 1, atRenewal: 2 });
  });
});
