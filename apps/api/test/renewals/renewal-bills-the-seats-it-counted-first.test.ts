import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceLines, payments, subscriptionEvents, subscriptions } from '../../src/db/schema/index.js';
import { callAs, useTestClockApp } from '../helpers/subscriber.js';
import { buyPerSeat, join } from '../helpers/seats-fixture.js';
import { waitFor } from '../helpers/test-app.js';

// A per-seat renewal counts the team's members at its first attempt and keeps that count for the
// period: an attempt repeated after a crash (the provider charged, nothing was recorded) charges the
// same amount under the same key, so the provider answers its first charge and the period is billed
// once, whoever joined meanwhile. Those who joined are then billed as seats added to the new period.
const app = useTestClockApp();
const DAY = 86_400_000;
const withVat = (base: number) => base + Math.floor((base * 21 * 2 + 100) / 200);

const subscriptionOf = async (id: string) => (await app.t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const clockNow = async () => new Date((await callAs(app.t, app.admin, 'GET', '/api/admin/test-clock')).body.data.now);

describe('a per-seat renewal', { timeout: 180_000 }, () => {
  it('repeated after a crash charges the seats it counted first, once, though members joined meanwhile; they are billed as seats added', async () => {
    const s = await buyPerSeat(app.t, app.admin, 3, { priceCents: 1000, minSeats: 2 });
    const [sub] = await app.t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, s.user.id))
      .orderBy(asc(subscriptions.createdAt))
      .limit(1);
    const id = sub!.id;
    const periodEnd = sub!.currentPeriodEnd!;

    // The provider charges the renewal, then the process "dies" before anything is recorded.
    const provider = app.t.app.payments.provider;
    const charge = provider.charge.bind(provider);
    const charged: { key: string; amountCents: number }[] = [];
    provider.charge = async (input) => {
      const result = await charge(input);
      const { idempotencyKey: key, amountCents } = input;
      if (key.startsWith(`${s.user.id}:renewal:`)) {
        charged.push({ key, amountCents });
        if (charged.length === 1) throw new Error('the process died after the provider charged');
      }
      return result;
    };
    try {
      await callAs(app.t, app.admin, 'POST', '/api/admin/test-clock/advance', {
        days: Math.ceil((periodEnd.getTime() - (await clockNow()).getTime()) / DAY) + 1,
      });
      expect(charged).toEqual([{ key: `${s.user.id}:renewal:${id}:${periodEnd.toISOString()}`, amountCents: withVat(3000) }]);
      expect(
        await app.t.db
          .select()
          .from(payments)
          .where(and(eq(payments.subscriptionId, id), eq(payments.purpose, 'renewal'))),
      ).toEqual([]);

      // Two members join before the renewal is tried again.
      await join(app.t, s.teamId, s.user.id, 2);
      expect(await app.t.app.renewals.renewOne(id, await clockNow())).toBe('renewed');
    } finally {
      provider.charge = charge;
    }

    // The same key and amount: the provider's first charge, recorded once, for the three seats counted then.
    expect(charged.map((c) => c.amountCents)).toEqual([withVat(3000), withVat(3000)]);
    const renewals = await app.t.db
      .select()
      .from(payments)
      .where(and(eq(payments.subscriptionId, id), eq(payments.purpose, 'renewal')));
    expect(renewals.map((p) => [p.status, p.amountCents])).toEqual([['succeeded', withVat(3000)]]);
    const [line] = await app.t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, renewals[0]!.invoiceId!));
    expect(line).toMatchObject({ quantity: 3, unitAmountCents: 1000 });
    const renewed = await subscriptionOf(id);
    expect(renewed).toMatchObject({ currentPeriodStart: periodEnd, status: 'active' });
    const events = await app.t.db
      .select()
      .from(subscriptionEvents)
      .where(and(eq(subscriptionEvents.subscriptionId, id), eq(subscriptionEvents.kind, 'renewed')));
    expect(events).toHaveLength(1);

    // The renewal looked for seats at once: the two who joined are billed for the new period.
    const added = await waitFor(async () => {
      const rows = await app.t.db
        .select()
        .from(payments)
        .where(and(eq(payments.subscriptionId, id), eq(payments.purpose, 'seats')));
      return rows.length > 0 ? rows : undefined;
    }, 'the seats added after the renewal');
    expect(added).toHaveLength(1);
    expect(await subscriptionOf(id)).toMatchObject({ seats: 5 });
  });
});
