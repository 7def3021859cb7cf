import { describe, expect, it } from 'vitest';
import { adminMetricsSchema } from '@enlaza/contracts';
import { subscriptions } from '../../src/db/schema/index.js';
import { buyPerSeat, join, perSeatOffer } from '../helpers/seats-fixture.js';
import { callAs, useAdminApp } from '../helpers/subscriber.js';
import { insertUser } from '../helpers/test-app.js';

// MRR counts a per-seat subscription by what it is billed: its price times its seats. The seats
// added in a period are charges of their own in the rollup that add to the plan's charge (normalised
// to a month as the rest of a period always is) until the renewal bills every seat again.
const app = useAdminApp();
const DAY = 86_400_000;

const mrr = async () =>
  adminMetricsSchema.parse((await callAs(app.t, app.admin, 'GET', '/api/admin/dashboard/metrics')).body.data).mrrCents;

describe('MRR of per-seat subscriptions', { timeout: 180_000 }, () => {
  it('is price × seats: as charged at checkout, with the seats added since, and for one never charged', async () => {
    const start = await mrr();
    // Checkout of three seats at 10.00: 30.00 a month.
    const s = await buyPerSeat(app.t, app.admin, 3, { priceCents: 1000, minSeats: 2 });
    expect((await mrr()) - start).toBe(3000);

    // Three more seats for the rest of the period: about 30.00 more (its days normalised to a month).
    await join(app.t, s.teamId, s.user.id, 3);
    expect(await app.t.app.payments.addSeats(s.user.id, new Date(Date.now() + DAY))).toBe('added');
    const withSeats = (await mrr()) - start;
    expect(Math.abs(withSeats - 6000)).toBeLessThan(300);

    // A subscription made by hand (no charge to read): its offer's price times its seats.
    const { offer } = await perSeatOffer(app.t, app.admin, { priceCents: 1500 });
    const user = await insertUser(app.t.db);
    await app.t.db.insert(subscriptions).values({
      userId: user.id,
      planId: offer.planId,
      offerId: offer.id,
      status: 'active',
      currentPeriodStart: new Date(),
      currentPeriodEnd: new Date(Date.now() + 30 * DAY),
      seats: 4,
    });
    expect((await mrr()) - start - withSeats).toBe(6000);
  });
});
