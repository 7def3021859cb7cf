import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_TEST_METHODS,
  myPlanSchema,
  paymentMethodSchema,
  plansCatalogueSchema,
  subscriptionDataSchema,
  type PlansCatalogue,
} from '@enlaza/contracts';
import {
  notifications,
  offers,
  paymentMethods,
  payments,
  plans,
  profiles,
  scheduledPlanChanges,
  subscriptionAddOns,
  subscriptions,
  users,
} from '../../src/db/schema/index.js';
import { ADMIN, bearer, createTestApp, insertUser, login, queueIdle, type TestContext } from '../helpers/test-app.js';
import { plans as planRows } from '../../src/db/schema/index.js';
import { saveTestMethodAs, TEST_METHODS, type TestMethodId } from '../helpers/sandbox-methods.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CARDS = {
  ok: TEST_METHODS.ok,
  declined: TEST_METHODS.declinedOnSave,
  insufficient: TEST_METHODS.insufficientFunds,
  chargeFails: TEST_METHODS.chargeDeclined,
};
/** The sandbox's test cards expire in December 2045. */
const nextYear = 2045;

async function call(token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  // The answers are checked field by field below; their contracts are parsed where the shape matters.
  return {
    status: res.statusCode,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: res.json<{ ok?: number; data?: any; code?: string; message?: string; errors?: Record<string, string[]> }>(),
  };
}

/** A new Free user (as registration leaves one) signed in. */
async function freeUser() {
  const user = await insertUser(t.db);
  const [free] = await t.db.select().from(planRows).where(eq(planRows.code, 'free'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
  return { user, token: await login(t.app, user) };
}

async function addCard(token: string, number: TestMethodId) {
  const res = await saveTestMethodAs(t, token, number, { holder: 'Ada Lovelace' });
  return res;
}

async function offerOf(token: string, plan: string, period: 'monthly' | 'yearly') {
  const catalogue: PlansCatalogue = plansCatalogueSchema.parse((await call(token, 'GET', '/api/user/plans')).body.data);
  const offer = catalogue.plans.find((p) => p.code === plan)?.offers.find((o) => o.period.code === period);
  if (!offer) throw new Error(`${plan} ${period}`);
  return offer;
}

const subscriptionOf = async (userId: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;
const paymentsOf = (userId: string) => t.db.select().from(payments).where(eq(payments.userId, userId));

describe('payment methods', () => {
  it('saves a test card keeping only brand, last four and expiry; the first one is the default', async () => {
    const { user, token } = await freeUser();
    const res = await addCard(token, CARDS.ok);
    expect(res.status).toBe(200);
    const method = paymentMethodSchema.parse(res.body.data);
    expect(method).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: nextYear, isDefault: true });
    const [row] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id));
    expect(row).toMatchObject({ kind: 'card', brand: 'visa', last4: '4242', holder: 'Ada Lovelace', mandateText: null });
    // The provider's reference of the method, made by the sandbox's own component.
    expect(row!.providerToken).toMatch(/^sbx_pm_[0-9a-f]{24}$/);
  });

  it('refuses the old body that carried a card number (422) and saves nothing', async () => {
    const { user, token } = await freeUser();
    const res = await call(token, 'POST', '/api/user/methods', {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: nextYear,
      cvc: '123',
      holder: 'Ada',
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation.failed');
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toEqual([]);
  });

  it('refuses to save the test card declined on save with the provider’s reason (422), translated', async () => {
    const { user, token } = await freeUser();
    const res = await addCard(token, CARDS.declined);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'payment.setup_declined',
      message: 'The bank did not let this method be saved: The card was declined. Use another card or contact your bank.',
    });
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toEqual([]);
  });

  it('chooses the default, removes a card, and answers 404 for another user’s card', async () => {
    const a = await freeUser();
    const b = await freeUser();
    const first = (await addCard(a.token, CARDS.ok)).body.data;
    const second = (await addCard(a.token, CARDS.chargeFails)).body.data;
    expect(second.isDefault).toBe(false);
    expect((await call(a.token, 'POST', `/api/user/methods/${second.id}/default`)).status).toBe(200);
    let list = (await call(a.token, 'GET', '/api/user/methods')).body.data;
    expect(list.map((m: { id: string; isDefault: boolean }) => [m.id, m.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect((await call(b.token, 'POST', `/api/user/methods/${first.id}/default`)).status).toBe(404);
    expect((await call(b.token, 'DELETE', `/api/user/methods/${first.id}`)).status).toBe(404);
    expect(
      (
        await call(b.token, 'POST', '/api/user/checkout', {
          offerId: (await offerOf(b.token, 'pro', 'monthly')).id,
          methodId: first.id,
          idempotencyKey: randomUUID(),
        })
      ).status,
    ).toBe(404);
    expect((await call(a.token, 'DELETE', `/api/user/methods/${second.id}`)).status).toBe(200);
    list = (await call(a.token, 'GET', '/api/user/methods')).body.data;
    expect(list).toEqual([expect.objectContaining({ id: first.id, isDefault: true })]);
  });

  it('is for users only: an admin gets 403', async () => {
    const token = await login(t.app, ADMIN);
    expect((await call(token, 'GET', '/api/user/methods')).status).toBe(403);
  });
});

describe('plans and checkout', () => {
  it('lists the offers grouped by plan with tax, quotas and the current plan marked', async () => {
    const { token } = await freeUser();
    const catalogue = plansCatalogueSchema.parse((await call(token, 'GET', '/api/user/plans')).body.data);
    expect(catalogue.periods.map((p) => p.code)).toEqual(['monthly', 'yearly']);
    expect(catalogue.plans.map((p) => [p.code, p.current, p.change])).toEqual([
      ['free', true, 'current'],
      ['pro', false, 'upgrade'],
      ['business', false, 'upgrade'],
    ]);
    const pro = catalogue.plans[1]!;
    expect(pro.limits).toMatchObject({ profiles: 10, tags: 10, sendsPerMonth: 5000 });
    expect(pro.offers.map((o) => [o.period.code, o.price.subtotalCents, o.price.taxCents, o.price.totalCents])).toEqual([
      ['monthly', 900, 189, 1089],
      ['yearly', 9000, 1890, 10890],
    ]);
  });

  it('hides an offer made for another account type', async () => {
    const { token } = await freeUser();
    const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
    const [someOffer] = await t.db.select().from(offers).where(eq(offers.planId, pro!.id));
    const accountType = (await t.db.query.accountTypes.findFirst())!;
    const [hidden] = await t.db
      .insert(offers)
      .values({ planId: pro!.id, billingPeriodId: someOffer!.billingPeriodId, accountTypeId: accountType.id, priceCents: 1 })
      .returning();
    const catalogue = plansCatalogueSchema.parse((await call(token, 'GET', '/api/user/plans')).body.data);
    expect(catalogue.plans.flatMap((p) => p.offers.map((o) => o.id))).not.toContain(hidden!.id);
    expect((await call(token, 'POST', '/api/user/checkout/quote', { offerId: hidden!.id })).status).toBe(404);
    await t.db.delete(offers).where(eq(offers.id, hidden!.id));
  });

  it('answers from a catalogue kept in memory that follows every change at once, whoever makes it', async () => {
    const { user, token } = await freeUser();
    const proMonthly = async (as = token) =>
      plansCatalogueSchema
        .parse((await call(as, 'GET', '/api/user/plans')).body.data)
        .plans.find((p) => p.code === 'pro')
        ?.offers.find((o) => o.period.code === 'monthly');
    const before = (await proMonthly())!;
    // A write straight to the table (no application code told): the next answer shows it.
    await t.db.update(offers).set({ priceCents: 1234 }).where(eq(offers.id, before.id));
    expect((await proMonthly())?.priceCents).toBe(1234);
    await t.db.update(offers).set({ priceCents: before.priceCents }).where(eq(offers.id, before.id));
    expect((await proMonthly())?.priceCents).toBe(before.priceCents);
    // An offer made for this user's account type is theirs only, from the kept catalogue too.
    const accountType = (await t.db.query.accountTypes.findFirst())!;
    await t.db.update(users).set({ accountTypeId: accountType.id }).where(eq(users.id, user.id));
    const [mine] = await t.db.update(offers).set({ accountTypeId: accountType.id }).where(eq(offers.id, before.id)).returning();
    expect((await proMonthly())?.id).toBe(mine!.id);
    const other = await freeUser();
    expect((await proMonthly(other.token))?.id).toBeUndefined();
    await t.db.update(offers).set({ accountTypeId: null }).where(eq(offers.id, before.id));
  });

  it('answers 404 to a checkout that names another user’s card, and charges nothing', async () => {
    const { user, token } = await freeUser();
    const theirs = (await addCard((await freeUser()).token, CARDS.ok)).body.data;
    const offer = await offerOf(token, 'pro', 'monthly');
    const res = await call(token, 'POST', '/api/user/checkout', { offerId: offer.id, methodId: theirs.id, idempotencyKey: randomUUID() });
    expect([res.status, res.body.code]).toEqual([404, 'record.not_found']);
    expect(await paymentsOf(user.id)).toEqual([]);
    expect((await subscriptionOf(user.id)).offerId).toBeNull();
  });

  it('upgrades a Free user to Pro monthly at once: payment, subscription, quota, notification', async () => {
    const { user, token } = await freeUser();
    const method = (await addCard(token, CARDS.ok)).body.data;
    const offer = await offerOf(token, 'pro', 'monthly');
    const quote = await call(token, 'POST', '/api/user/checkout/quote', { offerId: offer.id });
    expect(quote.body.data).toMatchObject({ kind: 'new', price: { subtotalCents: 900, taxCents: 189, totalCents: 1089 } });

    const res = await call(token, 'POST', '/api/user/checkout', { offerId: offer.id, methodId: method.id, idempotencyKey: randomUUID() });
    expect(res.status).toBe(200);
    expect(res.body.data.payment).toMatchObject({ status: 'succeeded', amountCents: 1089, methodLast4: '4242', purpose: 'subscription' });
    expect(res.body.data.payment.invoiceId).toEqual(expect.any(String));
    const data = subscriptionDataSchema.parse((await call(token, 'GET', '/api/datasuscription')).body);
    expect(data).toMatchObject({ status: 'active', plan: { code: 'pro' }, limits: { profiles: 10 } });
    const sub = await subscriptionOf(user.id);
    expect(sub.offerId).toBe(offer.id);
    expect(sub.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    // The notification follows the payment's event, after commit.
    await queueIdle(t.app, 'event.');
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'payment_succeeded')));
    expect(note?.payload).toMatchObject({ amountCents: 1089 });
    const pagos = (await call(token, 'GET', '/api/user/pagos')).body.data;
    expect(pagos).toEqual([
      expect.objectContaining({ amountCents: 1089, status: 'succeeded', methodBrand: 'visa', invoiceId: res.body.data.payment.invoiceId }),
    ]);
  });

  it.each([
    ['a card whose charges fail', CARDS.chargeFails, 'payment.card_declined'],
    ['a card without funds', CARDS.insufficient, 'payment.insufficient_funds'],
  ])('with %s says why and changes nothing but a failed payment row', async (_name, card, code) => {
    const { user, token } = await freeUser();
    const method = (await addCard(token, card)).body.data;
    expect(method.last4).toBe(SANDBOX_TEST_METHODS.find((m) => m.id === card)!.last4);
    const before = await subscriptionOf(user.id);
    const res = await call(token, 'POST', '/api/user/checkout', {
      offerId: (await offerOf(token, 'pro', 'monthly')).id,
      methodId: method.id,
      idempotencyKey: randomUUID(),
    });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe(code);
    expect(res.body.message).toMatch(/declined/);
    expect(await subscriptionOf(user.id)).toEqual(before);
    const rows = await paymentsOf(user.id);
    expect(rows.map((r) => [r.status, r.invoiceId, r.failureCode])).toEqual([['failed', null, code]]);
    await queueIdle(t.app, 'event.');
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.type, 'payment_failed')));
    expect(note).toBeDefined();
  });
});

describe('idempotency', () => {
  it('charges once for the same key sent twice, and refuses the key with another amount', async () => {
    const { user, token } = await freeUser();
    const method = (await addCard(token, CARDS.ok)).body.data;
    const pro = await offerOf(token, 'pro', 'monthly');
    const key = randomUUID();
    const [a, b] = await Promise.all([
      call(token, 'POST', '/api/user/checkout', { offerId: pro.id, methodId: method.id, idempotencyKey: key }),
      call(token, 'POST', '/api/user/checkout', { offerId: pro.id, methodId: method.id, idempotencyKey: key }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.payment.id).toBe(b.body.data.payment.id);
    const again = await call(token, 'POST', '/api/user/checkout', { offerId: pro.id, methodId: method.id, idempotencyKey: key });
    expect(again.body.data.payment.id).toBe(a.body.data.payment.id);
    expect(await paymentsOf(user.id)).toHaveLength(1);

    // The same key for another offer (another amount) is refused, and nothing is charged.
    const business = await offerOf(token, 'business', 'monthly');
    const otherOffer = await call(token, 'POST', '/api/user/checkout', { offerId: business.id, methodId: method.id, idempotencyKey: key });
    expect(otherOffer.status).toBe(422);
    expect(otherOffer.body.code).toBe('payment.idempotency_mismatch');
    expect((await subscriptionOf(user.id)).offerId).toBe(pro.id);
    // So is the key for an add-on.
    const addOn = (await call(token, 'GET', '/api/user/paquetes')).body.data.addOns[0];
    const refused = await call(token, 'POST', '/api/user/paquetes', { addOnId: addOn.id, methodId: method.id, idempotencyKey: key });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'payment.idempotency_mismatch', message: expect.stringContaining('different amount') });
    expect(await paymentsOf(user.id)).toHaveLength(1);
  });

  it('keeps each customer’s keys apart: another customer’s key of the same text charges that customer once', async () => {
    const key = randomUUID();
    const buyers = await Promise.all([freeUser(), freeUser()]);
    const answers = [];
    for (const { token } of buyers) {
      const method = (await addCard(token, CARDS.ok)).body.data;
      const pro = await offerOf(token, 'pro', 'monthly');
      answers.push(await call(token, 'POST', '/api/user/checkout', { offerId: pro.id, methodId: method.id, idempotencyKey: key }));
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const [first, second] = await Promise.all([buyers[0].user.id, buyers[1].user.id].map((id) => paymentsOf(id)));
    expect([first!, second!].map((rows) => rows.map((r) => [r.status, r.idempotencyKey]))).toEqual([
      [['succeeded', key]],
      [['succeeded', key]],
    ]);
    expect(first![0]!.id).not.toBe(second![0]!.id);
    // The same key again is still each customer's own first payment.
    const again = await call(buyers[1].token, 'POST', '/api/user/checkout', {
      offerId: (await offerOf(buyers[1].token, 'pro', 'monthly')).id,
      methodId: second![0]!.methodId,
      idempotencyKey: key,
    });
    expect(again.body.data.payment.id).toBe(second![0]!.id);
  });

  it('the provider itself answers a reused key with the first charge and refuses another amount', async () => {
    const { user, token } = await freeUser();
    const method = (await addCard(token, CARDS.ok)).body.data as { id: string };
    const [row] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, method.id));
    const provider = t.app.payments.provider;
    const input = {
      customer: { userId: user.id, email: user.email, name: user.name, providerCustomerRef: null },
      methodRef: row!.providerToken,
      amountCents: 500,
      currency: 'EUR' as const,
      idempotencyKey: `key-${randomUUID()}`,
      offSession: false,
      description: 'test',
    };
    const first = await provider.charge(input);
    expect(first).toMatchObject({ status: 'succeeded' });
    expect(await provider.charge(input)).toEqual(first);
    await expect(provider.charge({ ...input, amountCents: 600 })).rejects.toThrow(/another amount/);
  });
});

describe('my plan', () => {
  async function proUser() {
    const u = await freeUser();
    const method = (await addCard(u.token, CARDS.ok)).body.data;
    const res = await call(u.token, 'POST', '/api/user/checkout', {
      offerId: (await offerOf(u.token, 'pro', 'monthly')).id,
      methodId: method.id,
      idempotencyKey: randomUUID(),
    });
    expect(res.status).toBe(200);
    return { ...u, method };
  }

  it('cancels at period end and resumes, the renewal date following', async () => {
    const { token } = await proUser();
    let plan = myPlanSchema.parse((await call(token, 'GET', '/api/user/myplan')).body.data);
    expect(plan.renewsAt).toBe(plan.subscription.periodEnd);
    plan = myPlanSchema.parse((await call(token, 'POST', '/api/user/myplan/cancel')).body.data);
    expect(plan.subscription.cancelAtPeriodEnd).toBe(true);
    expect(plan.renewsAt).toBeNull();
    expect(plan.subscription.status).toBe('active');
    plan = myPlanSchema.parse((await call(token, 'POST', '/api/user/myplan/resume')).body.data);
    expect(plan.subscription.cancelAtPeriodEnd).toBe(false);
    expect(plan.renewsAt).not.toBeNull();
  });

  it('refuses to cancel a Free plan', async () => {
    const { token } = await freeUser();
    expect((await call(token, 'POST', '/api/user/myplan/cancel')).body.code).toBe('subscription.no_paid_plan');
  });

  it('upgrades mid-period within the same billing period: the period and its anchor are kept, the difference is charged for the seconds left', async () => {
    const { user, token, method } = await proUser();
    // Move the period so that 10 of 30 days remain.
    const start = new Date(Date.now() - 20 * 86_400_000);
    const end = new Date(start.getTime() + 30 * 86_400_000);
    await t.db
      .update(subscriptions)
      .set({ currentPeriodStart: start, currentPeriodEnd: end, billingAnchor: start })
      .where(eq(subscriptions.userId, user.id));
    const business = await offerOf(token, 'business', 'monthly');
    const quote = (await call(token, 'POST', '/api/user/checkout/quote', { offerId: business.id })).body.data;
    expect(quote.kind).toBe('upgrade');
    // Business for a third of the period (2900 / 3 = 966.67 → 967) less a third of Pro (900 / 3 = 300).
    expect(quote.lines.map((l: { amountCents: number }) => l.amountCents)).toEqual([967, -300]);
    // 667 + 21 % (140.07 → 140) = 807
    expect(quote.price).toMatchObject({ subtotalCents: 667, taxCents: 140, totalCents: 807 });
    expect(quote).toMatchObject({ periodStart: start.toISOString(), periodEnd: end.toISOString(), creditToBalanceCents: 0 });
    const res = await call(token, 'POST', '/api/user/checkout', {
      offerId: business.id,
      methodId: method.id,
      idempotencyKey: randomUUID(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.payment).toMatchObject({ amountCents: 807, purpose: 'upgrade' });
    expect(res.body.data.subscription.plan.code).toBe('business');
    expect((await paymentsOf(user.id)).filter((p) => p.status === 'succeeded')).toHaveLength(2);
    const sub = await subscriptionOf(user.id);
    expect(sub).toMatchObject({ currentPeriodStart: start, currentPeriodEnd: end, billingAnchor: start });
  });

  it('schedules a downgrade for the period end, shows it, and cancels it; the plan does not change now', async () => {
    const { user, token } = await proUser();
    const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
    void free;
    const business = await offerOf(token, 'business', 'monthly');
    const pro = await offerOf(token, 'pro', 'monthly');
    expect((await call(token, 'PUT', '/api/user/myplan/downgrade', { offerId: business.id })).body.code).toBe('subscription.upgrade_now');
    const proYearly = await offerOf(token, 'pro', 'yearly');
    // Checking out a smaller offer is refused: it waits for the period end.
    expect((await call(token, 'POST', '/api/user/checkout/quote', { offerId: pro.id })).body.code).toBe('subscription.already_on_offer');
    expect(proYearly.id).not.toBe(pro.id);

    // Business user schedules Pro for the period end.
    const b = await freeUser();
    const m = (await addCard(b.token, CARDS.ok)).body.data;
    expect(
      (await call(b.token, 'POST', '/api/user/checkout', { offerId: business.id, methodId: m.id, idempotencyKey: randomUUID() })).status,
    ).toBe(200);
    expect((await call(b.token, 'POST', '/api/user/checkout/quote', { offerId: pro.id })).body.code).toBe(
      'subscription.downgrade_at_period_end',
    );
    const plan = myPlanSchema.parse((await call(b.token, 'PUT', '/api/user/myplan/downgrade', { offerId: pro.id })).body.data);
    expect(plan.pendingChange).toMatchObject({ offerId: pro.id, planName: 'Pro', effectiveAt: plan.subscription.periodEnd });
    expect(plan.subscription.plan?.code).toBe('business');
    const sub = await subscriptionOf(b.user.id);
    expect(await t.db.select().from(scheduledPlanChanges).where(eq(scheduledPlanChanges.subscriptionId, sub.id))).toHaveLength(1);
    const cancelled = myPlanSchema.parse((await call(b.token, 'DELETE', '/api/user/myplan/downgrade')).body.data);
    expect(cancelled.pendingChange).toBeNull();
    expect((await call(b.token, 'DELETE', '/api/user/myplan/downgrade')).status).toBe(404);
    void user;
  });

  it('after falling to a smaller plan nothing is deleted and creating more is refused naming the limit', async () => {
    const { user, token } = await proUser();
    await t.db.insert(profiles).values([1, 2, 3].map((i) => ({ userId: user.id, kind: 'card' as const, name: `card ${i}` })));
    const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
    // What the renewal does when a downgrade to Free takes effect.
    await t.db
      .update(subscriptions)
      .set({ planId: free!.id, offerId: null, currentPeriodEnd: null })
      .where(eq(subscriptions.userId, user.id));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: { kind: 'card', card: { firstName: 'One more' } },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'quota.cards', message: expect.stringContaining('limit of business cards is 1') });
    expect(await t.db.select().from(profiles).where(eq(profiles.userId, user.id))).toHaveLength(3);
  });
});

describe('add-ons', () => {
  it('buying extra cards raises the limit at once, until the period end', async () => {
    const { user, token } = await freeUser();
    const method = (await addCard(token, CARDS.ok)).body.data;
    const catalogue = (await call(token, 'GET', '/api/user/paquetes')).body.data;
    const cards = catalogue.addOns.find((a: { code: string }) => a.code === 'cards-5');
    expect(cards.price).toMatchObject({ subtotalCents: 400, taxCents: 84, totalCents: 484 });
    await t.db.insert(profiles).values({ userId: user.id, kind: 'card', name: 'main' });
    const second = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/profiles',
        headers: bearer(token),
        payload: { kind: 'card', card: { firstName: 'Second' } },
      });
    expect((await second()).statusCode).toBe(403);
    const before = subscriptionDataSchema.parse((await call(token, 'GET', '/api/datasuscription')).body);
    const res = await call(token, 'POST', '/api/user/paquetes', { addOnId: cards.id, methodId: method.id, idempotencyKey: randomUUID() });
    expect(res.status).toBe(200);
    expect(res.body.data.subscription.limits.profiles).toBe(before.limits.profiles + 5);
    expect(res.body.data.payment).toMatchObject({ amountCents: 484, purpose: 'add_on', description: '+5 cards' });
    const sub = await subscriptionOf(user.id);
    const [row] = await t.db.select().from(subscriptionAddOns).where(eq(subscriptionAddOns.subscriptionId, sub.id));
    expect(row!.validUntil!.toISOString()).toBe(catalogue.validUntil);
    expect((await second()).statusCode).toBe(201);
  });
});
