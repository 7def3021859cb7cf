import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { myPlanSchema, plansCatalogueSchema } from '@enlaza/contracts';
import { customerCredits, invoiceLines, invoices, payments, subscriptionEvents, subscriptions } from '../../src/db/schema/index.js';
import { callAs, signedInFreeCustomer, useTestClockApp } from '../helpers/subscriber.js';
import { pdfText } from '../helpers/pdf-text.js';
import { buyPerSeat, join, removeMembers } from '../helpers/seats-fixture.js';
import { bearer, waitFor } from '../helpers/test-app.js';
import { saveTestMethodAs, TEST_METHODS, type TestMethodId } from '../helpers/sandbox-methods.js';

// Seats (docs/billing.md, "Seats"): a per-seat offer bills a seat per active member of the team its
// subscriber owns (at least its minimum); members added in the period are charged for the rest of it,
// prorated by the second, once; members removed are not refunded, the renewal bills the seats needed.
const app = useTestClockApp();
const DAY = 86_400_000;

/** `cents × part / whole` rounded half up, computed here apart from the product's code. */
const share = (cents: number, part: number, whole: number) => Math.floor((cents * part * 2 + whole) / (2 * whole));
const seconds = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / 1000);
/** VAT at 21 % on a base, half up. */
const withVat = (base: number) => base + Math.floor((base * 21 * 2 + 100) / 200);

const subscriptionOf = async (userId: string) =>
  (await app.t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(asc(subscriptions.createdAt))).at(-1)!;
const paymentsOf = (subscriptionId: string, purpose: 'seats' | 'renewal') =>
  app.t.db
    .select()
    .from(payments)
    .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.purpose, purpose)))
    .orderBy(asc(payments.createdAt));
const linesOf = (invoiceId: string) =>
  app.t.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));
const historyOf = (subscriptionId: string) =>
  app.t.db
    .select()
    .from(subscriptionEvents)
    .where(eq(subscriptionEvents.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionEvents.at));
const advanceDays = async (days: number) => {
  const res = await callAs(app.t, app.admin, 'POST', '/api/admin/test-clock/advance', { days });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

const teamSubscriber = (members: number, options: Parameters<typeof buyPerSeat>[3] = {}) => buyPerSeat(app.t, app.admin, members, options);

describe('seats of a per-seat offer', { timeout: 180_000 }, () => {
  it('checkout bills price × seats for the period and sets the seats; the plans page, the quote and the invoice agree', async () => {
    // Three active members, a minimum of two: three seats.
    const s = await teamSubscriber(3, { priceCents: 1000, minSeats: 2 });
    expect(s.view.perSeat).toMatchObject({ minSeats: 2, seats: 3, total: { subtotalCents: 3000, totalCents: withVat(3000) } });
    expect(s.view.price.subtotalCents).toBe(1000);
    expect(s.quote.lines).toEqual([{ description: 'Plan Teams (Monthly), seats × 3', amountCents: 3000 }]);
    expect(s.quote.price.totalCents).toBe(s.view.perSeat!.total.totalCents);
    expect(s.checkout.amountCents).toBe(withVat(3000));

    const sub = await subscriptionOf(s.user.id);
    expect(sub).toMatchObject({ offerId: s.offer.id, seats: 3, status: 'active' });
    const [line] = await linesOf(s.checkout.invoiceId);
    expect(line).toMatchObject({ quantity: 3, unitAmountCents: 1000, baseCents: 3000 });
    expect(line!.periodStart).not.toBeNull();

    // A customer who owns no team is billed one seat, or the minimum.
    const solo = await signedInFreeCustomer(app.t);
    const alone = plansCatalogueSchema.parse((await callAs(app.t, solo.token, 'GET', '/api/user/plans')).body.data);
    expect(alone.plans.find((p) => p.id === s.plan.id)!.offers[0]!.perSeat).toMatchObject({ seats: 2, total: { subtotalCents: 2000 } });
  });

  it('adding 3 members mid-period charges their seats for the rest of it, once: a run again or a redelivered event charges nothing', async () => {
    const s = await teamSubscriber(3, { priceCents: 1000, minSeats: 2 });
    const before = await subscriptionOf(s.user.id);
    await advanceDays(10);
    await join(app.t, s.teamId, s.user.id, 3);
    // Each join's event queues a look at the owner's seats a minute later (members who join together share one invoice).
    await waitFor(async () => ((await app.t.app.platform.jobs.pending('payments.add-seats')) >= 1 ? true : undefined), 'the seat job');

    const at = new Date((await callAs(app.t, app.admin, 'GET', '/api/admin/test-clock')).body.data.now);
    expect(await app.t.app.payments.addSeats(s.user.id, at)).toBe('added');
    // The job again, and the jobs the three events queued, charge nothing.
    expect(await app.t.app.payments.addSeats(s.user.id, at)).toBe('none');
    await app.t.app.platform.events.publish('team.members_changed', { teamId: s.teamId, ownerId: s.user.id, activeMembers: 6 });
    const { rows } = await app.t.database.jobsDb.executeSql(
      "select data from pgboss.job where name = 'payments.add-seats' and data ->> 'userId' = $1",
      [s.user.id],
    );
    for (const { data } of rows as { data: { userId: string; at: string } }[])
      expect(await app.t.app.payments.addSeats(data.userId, new Date(data.at))).toBe('none');

    const seats = await paymentsOf(before.id, 'seats');
    expect(seats).toHaveLength(1);
    const unit = share(1000, seconds(at, before.currentPeriodEnd!), seconds(before.currentPeriodStart, before.currentPeriodEnd!));
    expect(seats[0]).toMatchObject({
      status: 'succeeded',
      amountCents: withVat(3 * unit),
      idempotencyKey: `seats:${before.id}:${before.currentPeriodEnd!.toISOString()}:6`,
    });
    const [line] = await linesOf(seats[0]!.invoiceId!);
    expect(line).toMatchObject({ quantity: 3, unitAmountCents: unit, baseCents: 3 * unit });
    expect(line!.description.en).toBe('Seats × 3 added to Teams, for the rest of the current period');
    expect(line!.periodStart).not.toBeNull();
    expect(line!.periodEnd).not.toBeNull();
    expect(await subscriptionOf(s.user.id)).toMatchObject({ seats: 6, currentPeriodEnd: before.currentPeriodEnd });
    const added = (await historyOf(before.id)).filter((e) => e.kind === 'seats_added');
    expect(added.map((e) => e.detail)).toEqual([expect.objectContaining({ fromSeats: 3, seats: 6, paymentId: seats[0]!.id })]);

    // The invoice's PDF shows the seats as quantity × unit price with the period.
    const pdf = await app.t.app.inject({ method: 'GET', url: `/api/invoices/${seats[0]!.invoiceId}/pdf`, headers: bearer(s.token) });
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Seats × 3 added to Teams, for the rest of the current period');
    expect(text).toMatch(new RegExp(`3 €${(unit / 100).toFixed(2)}`));
    expect(text).toContain('Period:');

    // MRR: the plan's charge and the seats added, each what it bills a month: about 6 seats' price (the added seats'
    // charge covers part of a month and is normalised to a whole one, as a plan change that kept the period is).
    const billed = await app.t.db.execute(
      sql`select sum(billed_cents_per_month)::float as cents from subscription_billed_charges where subscription_id = ${before.id} and superseded_at is null`,
    );
    expect(Math.abs((billed.rows[0] as { cents: number }).cents - 6000)).toBeLessThan(300);
  });

  it('removing a member refunds nothing: the seat goes at the period’s end, when the renewal bills the members then', async () => {
    const s = await teamSubscriber(4, { priceCents: 1000, minSeats: 2 });
    const before = await subscriptionOf(s.user.id);
    await advanceDays(5);
    await removeMembers(app.t, s.teamId, s.user.id, s.memberIds.slice(0, 1));
    const at = new Date((await callAs(app.t, app.admin, 'GET', '/api/admin/test-clock')).body.data.now);
    expect(await app.t.app.payments.addSeats(s.user.id, at)).toBe('none');
    expect(await subscriptionOf(s.user.id)).toMatchObject({ seats: 4 });
    expect(await app.t.db.select().from(customerCredits).where(eq(customerCredits.userId, s.user.id))).toEqual([]);
    expect(
      await app.t.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.userId, s.user.id), eq(invoices.kind, 'credit_note'))),
    ).toEqual([]);
    const plan = myPlanSchema.parse((await callAs(app.t, s.token, 'GET', '/api/user/myplan')).body.data);
    expect(plan.seats).toEqual({ billed: 4, inUse: 3, minSeats: 2, atRenewal: 3 });

    // The renewal bills the three members left (and the next period's MRR is theirs).
    await advanceDays(Math.ceil((before.currentPeriodEnd!.getTime() - at.getTime()) / DAY) + 1);
    const [renewal] = await paymentsOf(before.id, 'renewal');
    expect(renewal).toMatchObject({ status: 'succeeded', amountCents: withVat(3000) });
    const [line] = await linesOf(renewal!.invoiceId!);
    expect(line).toMatchObject({ quantity: 3, unitAmountCents: 1000 });
    expect(line!.description.en).toBe('Plan Teams (Monthly), seats × 3');
    expect(await subscriptionOf(s.user.id)).toMatchObject({ seats: 3, currentPeriodStart: before.currentPeriodEnd });
    const renewed = (await historyOf(before.id)).find((e) => e.kind === 'renewed');
    expect(renewed!.detail).toMatchObject({ seats: 3, fromSeats: 4 });
    const billed = await app.t.db.execute(
      sql`select sum(billed_cents_per_month)::float as cents from subscription_billed_charges where subscription_id = ${before.id} and superseded_at is null`,
    );
    expect((billed.rows[0] as { cents: number }).cents).toBe(3000);
  });

  it('a declined seat charge makes the plan past due and is retried 1 and 3 days later; a paid retry makes it active with the seats', async () => {
    const s = await teamSubscriber(2, { priceCents: 1000, minSeats: 2 });
    const before = await subscriptionOf(s.user.id);
    const card = async (number: TestMethodId) =>
      expect((await saveTestMethodAs(app.t, s.token, number, { holder: 'Ada', makeDefault: true })).status).toBe(200);
    await card(TEST_METHODS.chargeDeclined);
    await join(app.t, s.teamId, s.user.id, 1);
    const at = new Date((await callAs(app.t, app.admin, 'GET', '/api/admin/test-clock')).body.data.now);
    expect(await app.t.app.payments.addSeats(s.user.id, at)).toBe('failed');
    expect(await subscriptionOf(s.user.id)).toMatchObject({ status: 'past_due', seats: 2 });
    // While it is retried, further looks bill nothing (the retry bills the seats).
    expect(await app.t.app.payments.addSeats(s.user.id, at)).toBe('none');

    await advanceDays(1);
    expect(await subscriptionOf(s.user.id)).toMatchObject({ status: 'past_due', seats: 2 });
    await card(TEST_METHODS.ok);
    await advanceDays(2);
    expect(await subscriptionOf(s.user.id)).toMatchObject({ status: 'active', seats: 3 });

    const charges = await paymentsOf(before.id, 'seats');
    const key = `seats:${before.id}:${before.currentPeriodEnd!.toISOString()}:3`;
    expect(charges.map((p) => [p.idempotencyKey, p.status])).toEqual([
      [key, 'failed'],
      [`${key}:retry-1`, 'failed'],
      [`${key}:retry-2`, 'succeeded'],
    ]);
    // Each attempt charged the same seats from the same instant: the same amount.
    expect(new Set(charges.map((p) => p.amountCents)).size).toBe(1);
    expect((await historyOf(before.id)).map((e) => e.kind).filter((k) => k !== 'renewal_reminder')).toEqual([
      'created',
      'past_due',
      'payment_failed',
      'payment_failed',
      'reactivated',
      'seats_added',
    ]);
  });

  it('the test clock’s advance answers after a due seat retry that another worker held when it ran (it runs it once that one lets go)', async () => {
    const s = await teamSubscriber(2, { priceCents: 1000, minSeats: 2 });
    const before = await subscriptionOf(s.user.id);
    expect((await saveTestMethodAs(app.t, s.token, TEST_METHODS.chargeDeclined, { holder: 'Ada', makeDefault: true })).status).toBe(200);
    await join(app.t, s.teamId, s.user.id, 1);
    const at = new Date((await callAs(app.t, app.admin, 'GET', '/api/admin/test-clock')).body.data.now);
    expect(await app.t.app.payments.addSeats(s.user.id, at)).toBe('failed');
    expect((await saveTestMethodAs(app.t, s.token, TEST_METHODS.ok, { holder: 'Ada', makeDefault: true })).status).toBe(200);

    // A seat look (the members' job, or a scheduled run that started before the clock moved) holds the subscription's seats.
    const hold = (until: string) =>
      app.t.db.execute(sql`update seat_additions set lease_until = ${sql.raw(until)} where subscription_id = ${before.id}`);
    await hold("now() + interval '1 minute'");
    const released = new Promise((resolve) => setTimeout(resolve, 300)).then(() => hold('null'));
    await advanceDays(1);
    await released;
    expect(await subscriptionOf(s.user.id)).toMatchObject({ status: 'active', seats: 3 });
    expect((await paymentsOf(before.id, 'seats')).map((p) => p.status)).toEqual(['failed', 'succeeded']);
  });

  it('a seat charge declined at every retry ends the plan after the third, as a renewal’s dunning does', async () => {
    const s = await teamSubscriber(2, { priceCents: 1000, minSeats: 2 });
    const before = await subscriptionOf(s.user.id);
    const declines = await saveTestMethodAs(app.t, s.token, TEST_METHODS.chargeDeclined, { holder: 'Ada', makeDefault: true });
    expect(declines.status).toBe(200);
    await join(app.t, s.teamId, s.user.id, 1);
    const at = new Date((await callAs(app.t, app.admin, 'GET', '/api/admin/test-clock')).body.data.now);
    expect(await app.t.app.payments.addSeats(s.user.id, at)).toBe('failed');
    for (const days of [1, 2, 4]) await advanceDays(days);
    expect(await subscriptionOf(s.user.id)).toMatchObject({ status: 'expired', seats: 2 });
    expect((await paymentsOf(before.id, 'seats')).map((p) => p.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect((await historyOf(before.id)).map((e) => e.kind).filter((k) => k === 'payment_failed' || k === 'expired')).toEqual([
      'payment_failed',
      'payment_failed',
      'payment_failed',
      'payment_failed',
      'expired',
    ]);
  });
});
