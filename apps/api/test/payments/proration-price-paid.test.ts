import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceAnswerSchema, offerAdminSchema, plansCatalogueSchema, type OfferAdmin, type PlansCatalogue } from '@enlaza/contracts';
import { offers, plans, subscriptions } from '../../src/db/schema/index.js';
import { ADMIN, bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';
import { saveTestMethodAs, TEST_METHODS } from '../helpers/sandbox-methods.js';

// A change of plan credits the unused part of the running period from what the customer paid for
// it, never from the catalogue's price of today (an admin may have changed it since).
let t: TestContext;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, ADMIN);
});
afterAll(() => t.close());

const DAY = 86_400_000;

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: { ...bearer(token), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ data?: any; code?: string }>() };
}

async function freeUser() {
  const user = await insertUser(t.db);
  const [free] = await t.db.select().from(plans).where(eq(plans.code, 'free'));
  await t.db.insert(subscriptions).values({ userId: user.id, planId: free!.id, status: 'active', currentPeriodStart: new Date() });
  const token = await login(t.app, user);
  const method = (await saveTestMethodAs(t, token, TEST_METHODS.ok, { holder: 'Ada' })).body.data as { id: string };
  return { user, token, method };
}

async function offerOf(token: string, plan: string, period: 'monthly' | 'yearly') {
  const catalogue: PlansCatalogue = plansCatalogueSchema.parse((await call(token, 'GET', '/api/user/plans')).body.data);
  const offer = catalogue.plans.find((p) => p.code === plan)?.offers.find((o) => o.period.code === period);
  if (!offer) throw new Error(`${plan} ${period}`);
  return offer;
}

/** The admin sets an offer's price through Suscripciones disponibles (audited, as an admin would). */
async function setPrice(offerId: string, priceCents: number) {
  const all = (await call(adminToken, 'GET', '/api/admin/offers')).body.data as OfferAdmin[];
  const offer = offerAdminSchema.parse(all.find((o) => o.id === offerId));
  const res = await call(adminToken, 'PUT', `/api/admin/offers/${offerId}`, {
    planId: offer.planId,
    billingPeriodId: offer.billingPeriodId,
    accountTypeId: offer.accountTypeId,
    priceCents,
    taxId: offer.taxId,
    visible: offer.visible,
  });
  expect(res.status).toBe(200);
}

async function checkout(token: string, offerId: string, methodId: string) {
  const res = await call(token, 'POST', '/api/user/checkout', { offerId, methodId, idempotencyKey: randomUUID() });
  expect(res.status).toBe(200);
  return res.body.data.payment as { id: string; amountCents: number; invoiceId: string };
}

/** Moves the running period so that `remaining` of its 30 days are left. */
async function periodWithDaysLeft(userId: string, remaining: number) {
  const start = new Date(Date.now() - (30 - remaining) * DAY);
  await t.db
    .update(subscriptions)
    .set({ currentPeriodStart: start, currentPeriodEnd: new Date(start.getTime() + 30 * DAY) })
    .where(eq(subscriptions.userId, userId));
}

const invoiceOf = async (token: string, id: string) =>
  invoiceAnswerSchema.parse((await call(token, 'GET', `/api/invoices/${id}`)).body).data;
const amounts = (lines: { amountCents: number }[]) => lines.map((l) => l.amountCents);

describe('proration credits the price paid', () => {
  it('paid 10.00, the offer now costs 20.00: half-way through, the credit is 5.00 on the quote and on the invoice', async () => {
    const { user, token, method } = await freeUser();
    const pro = await offerOf(token, 'pro', 'monthly');
    const business = await offerOf(token, 'business', 'monthly');
    await setPrice(pro.id, 1000);
    const first = await checkout(token, pro.id, method.id);
    expect(first.amountCents).toBe(1210); // 10.00 + 21 %
    await setPrice(pro.id, 2000);
    await periodWithDaysLeft(user.id, 15);

    const quote = (await call(token, 'POST', '/api/user/checkout/quote', { offerId: business.id })).body.data;
    expect(quote.kind).toBe('upgrade');
    // The same period length: the period is kept, Business for its half left, less half of what Pro cost.
    const half = Math.round(business.priceCents / 2);
    expect(amounts(quote.lines)).toEqual([half, -500]);
    const subtotal = half - 500;
    expect(quote.price.subtotalCents).toBe(subtotal);

    const upgrade = await checkout(token, business.id, method.id);
    expect(upgrade.amountCents).toBe(quote.price.totalCents);
    const invoice = await invoiceOf(token, upgrade.invoiceId);
    expect(invoice.lines.map((l) => l.baseCents)).toEqual([half, -500]);
    expect(invoice).toMatchObject({ subtotalCents: subtotal, totalCents: quote.price.totalCents });
    expect(invoice.taxTotals).toEqual([expect.objectContaining({ baseCents: subtotal, taxCents: quote.price.taxCents })]);
  });

  it('what a credit note refunded of the period’s invoice is not credited again', async () => {
    const { user, token, method } = await freeUser();
    const pro = await offerOf(token, 'pro', 'monthly');
    const business = await offerOf(token, 'business', 'monthly');
    const paid = await checkout(token, pro.id, method.id); // at the catalogue price of today
    const invoice = await invoiceOf(token, paid.invoiceId);
    const before = invoice.subtotalCents;
    // Half of the invoice (with its tax) is refunded by a credit note: half of the base is credited.
    const note = await call(adminToken, 'POST', `/api/admin/invoices/${paid.invoiceId}/credit-notes`, {
      amountCents: Math.floor(invoice.totalCents / 2),
      reason: 'Goodwill refund',
    });
    expect(note.status).toBe(201);
    const refundedBase = -invoiceAnswerSchema.parse(note.body).data.subtotalCents;
    await periodWithDaysLeft(user.id, 15);
    const quote = (await call(token, 'POST', '/api/user/checkout/quote', { offerId: business.id })).body.data;
    const expected = Math.floor(((before - refundedBase) * 15 * 2 + 30) / 60);
    expect(refundedBase).toBeGreaterThan(0);
    expect(amounts(quote.lines)).toEqual([Math.round(business.priceCents / 2), -expected]);
  });

  it('a credit carried into the period counts as paid for it: two upgrades in a row never charge a day twice', async () => {
    const { user, token, method } = await freeUser();
    const pro = await offerOf(token, 'pro', 'monthly');
    const business = await offerOf(token, 'business', 'monthly');
    const businessYearly = await offerOf(token, 'business', 'yearly');
    await checkout(token, pro.id, method.id);
    await periodWithDaysLeft(user.id, 15);
    const second = await checkout(token, business.id, method.id);
    const carried = Math.round(pro.priceCents / 2);
    const businessHalf = Math.round(business.priceCents / 2);
    expect((await invoiceOf(token, second.invoiceId)).subtotalCents).toBe(businessHalf - carried);
    // The same day, a longer period: all that Business was charged for the half left comes back (its price, not the cash part).
    const quote = (await call(token, 'POST', '/api/user/checkout/quote', { offerId: businessYearly.id })).body.data;
    expect(amounts(quote.lines)).toEqual([businessYearly.priceCents, -businessHalf]);
  });

  it('a paid plan given without a payment has nothing to credit', async () => {
    const { user, token } = await freeUser();
    const pro = await offerOf(token, 'pro', 'monthly');
    const business = await offerOf(token, 'business', 'monthly');
    const [row] = await t.db.select().from(offers).where(eq(offers.id, pro.id));
    await t.db.update(subscriptions).set({ planId: row!.planId, offerId: pro.id }).where(eq(subscriptions.userId, user.id));
    await periodWithDaysLeft(user.id, 15);
    const quote = (await call(token, 'POST', '/api/user/checkout/quote', { offerId: business.id })).body.data;
    expect(quote.kind).toBe('upgrade');
    expect(amounts(quote.lines)).toEqual([Math.round(business.priceCents / 2)]);
  });
});
