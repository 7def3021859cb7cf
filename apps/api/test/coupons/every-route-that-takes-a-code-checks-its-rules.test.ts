import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AddOnsCatalogue, CouponDetail } from '@enlaza/contracts';
import { payments } from '../../src/db/schema/index.js';
import { couponWithCode, freshCode, offerOf } from '../helpers/coupons.js';
import { callAs, signedInFreeCustomer, useAdminApp } from '../helpers/subscriber.js';

/**
 * A coupon's and a promotion code's rules, on every route they govern: the admin's create (each
 * field), and each customer route that takes a code — the plan's quote and checkout, the add-on's
 * quote and purchase. A refused code is a 422 with its code on the `promotionCode` field, and
 * loses nothing: no payment, no redemption counted.
 */
const app = useAdminApp();
const PAST = '2020-01-01T00:00:00Z';

type Buyer = Awaited<ReturnType<typeof signedInFreeCustomer>>;

async function addOnId(token: string) {
  const list = (await callAs(app.t, token, 'GET', '/api/user/paquetes')).body.data as AddOnsCatalogue;
  return list.addOns.find((a) => a.code === 'sends-1000')!.id;
}

/** The four routes that take a code, each with `code` for this buyer: their answers as "status code field-error-present". */
async function everyRoute(buyer: Buyer, code: string, offerId: string) {
  const addOn = await addOnId(buyer.token);
  const routes: [string, string, object][] = [
    ['checkout quote', '/api/user/checkout/quote', { offerId }],
    ['checkout', '/api/user/checkout', { offerId, methodId: buyer.methodId, idempotencyKey: randomUUID() }],
    ['add-on quote', '/api/user/paquetes/quote', { addOnId: addOn }],
    ['add-on', '/api/user/paquetes', { addOnId: addOn, methodId: buyer.methodId, idempotencyKey: randomUUID() }],
  ];
  const answers: string[] = [];
  for (const [name, url, body] of routes) {
    const res = await callAs(app.t, buyer.token, 'POST', url, { ...body, promotionCode: code });
    answers.push(`${name}: ${res.status} ${res.body.code} ${res.body.errors?.promotionCode?.[0] ?? '-'}`);
  }
  return answers;
}

const refusedEverywhere = (code: string, sentence: string) =>
  ['checkout quote', 'checkout', 'add-on quote', 'add-on'].map((name) => `${name}: 422 ${code} ${sentence}`);

const paymentsOf = async (userId: string) => (await app.t.db.select().from(payments).where(eq(payments.userId, userId))).length;
const detail = async (couponId: string) =>
  (await callAs(app.t, app.admin, 'GET', `/api/admin/coupons/${couponId}`)).body.data as CouponDetail;

describe('creating coupons and codes', () => {
  it('refuses each bad field with a translated message on it', async () => {
    const base = { name: 'Launch', duration: 'once', percentOff: 10 };
    const cases: [object, string][] = [
      [{ ...base, amountOffCents: 500 }, 'amountOffCents'],
      [{ name: 'Launch', duration: 'once' }, 'percentOff'],
      [{ ...base, percentOff: 0 }, 'percentOff'],
      [{ ...base, percentOff: 101 }, 'percentOff'],
      [{ name: 'Launch', duration: 'once', amountOffCents: 0 }, 'amountOffCents'],
      [{ ...base, duration: 'repeating' }, 'durationInMonths'],
      [{ ...base, durationInMonths: 3 }, 'durationInMonths'],
      [{ ...base, duration: 'weekly' }, 'duration'],
      [{ ...base, name: '' }, 'name'],
      [{ ...base, redeemBy: 'tomorrow' }, 'redeemBy'],
      [{ ...base, maxRedemptions: 0 }, 'maxRedemptions'],
      [{ ...base, offerIds: [randomUUID()] }, 'offerIds'],
      [{ ...base, addOnIds: [randomUUID()] }, 'addOnIds'],
    ];
    const answers: string[] = [];
    for (const [body, field] of cases) {
      const res = await callAs(app.t, app.admin, 'POST', '/api/admin/coupons', body);
      answers.push(`${JSON.stringify(body)} → ${res.status} ${res.body.errors?.[field] ? field : JSON.stringify(res.body.errors)}`);
    }
    expect(answers).toEqual(cases.map(([body, field]) => `${JSON.stringify(body)} → 422 ${field}`));
    const both = await callAs(app.t, app.admin, 'POST', '/api/admin/coupons', { ...base, amountOffCents: 500 });
    expect(both.body.errors.amountOffCents[0]).toBe('Give either a percentage or an amount off, not both.');
  });

  it('keeps codes unique without case, of letters, digits and hyphens, and none on an archived coupon', async () => {
    const { coupon, code } = await couponWithCode(app.t, app.admin);
    const url = `/api/admin/coupons/${coupon.id}/promotion-codes`;
    for (const bad of ['AB', 'HAS SPACE', 'ÑANDÚ', 'X'.repeat(41)]) {
      const res = await callAs(app.t, app.admin, 'POST', url, { code: bad });
      expect([bad, res.status, res.body.errors?.code?.[0]]).toEqual([bad, 422, 'Use 3 to 40 letters, digits or hyphens.']);
    }
    const again = await callAs(app.t, app.admin, 'POST', url, { code: code.code.toLowerCase() });
    expect([again.status, again.body.code, again.body.errors?.code?.[0]]).toEqual([
      409,
      'coupon.code_taken',
      'Another promotion code is already written like this.',
    ]);
    const lower = await callAs(app.t, app.admin, 'POST', url, { code: 'summer-sale-' + randomUUID().slice(0, 4) });
    expect(lower.body.data.code).toMatch(/^SUMMER-SALE-/);
    expect((await callAs(app.t, app.admin, 'POST', `/api/admin/coupons/${coupon.id}/archive`)).body.data.active).toBe(false);
    const late = await callAs(app.t, app.admin, 'POST', url, { code: freshCode() });
    expect([late.status, late.body.code]).toEqual([409, 'coupon.archived']);
    expect((await callAs(app.t, app.admin, 'GET', `/api/admin/coupons/${randomUUID()}`)).status).toBe(404);
    const list = (await callAs(app.t, app.admin, 'GET', '/api/admin/coupons')).body.data as { id: string; promotionCodes: number }[];
    expect(list.find((c) => c.id === coupon.id)?.promotionCodes).toBe(2);
  });
});

describe('a code the customer types', () => {
  it('unknown, archived, expired or for something else: refused on every route, nothing charged or counted', async () => {
    const buyer = await signedInFreeCustomer(app.t, { country: 'ES' });
    const pro = await offerOf(app.t, buyer.token, 'pro', 'monthly');
    const business = await offerOf(app.t, buyer.token, 'business', 'monthly');

    expect(await everyRoute(buyer, 'NO-SUCH-CODE', pro.id)).toEqual(
      refusedEverywhere('coupon.unknown', 'This code does not exist. Check how it is written.'),
    );

    const archivedCoupon = await couponWithCode(app.t, app.admin);
    await callAs(app.t, app.admin, 'POST', `/api/admin/coupons/${archivedCoupon.coupon.id}/archive`);
    expect(await everyRoute(buyer, archivedCoupon.code.code, pro.id)).toEqual(
      refusedEverywhere('coupon.inactive', 'This code is no longer active.'),
    );
    const archivedCode = await couponWithCode(app.t, app.admin);
    await callAs(app.t, app.admin, 'POST', `/api/admin/promotion-codes/${archivedCode.code.id}/archive`);
    expect(await everyRoute(buyer, archivedCode.code.code, pro.id)).toEqual(
      refusedEverywhere('coupon.inactive', 'This code is no longer active.'),
    );

    const codeExpired = await couponWithCode(app.t, app.admin, {}, { expiresAt: PAST });
    expect(await everyRoute(buyer, codeExpired.code.code, pro.id)).toEqual(refusedEverywhere('coupon.expired', 'This code has expired.'));
    const couponExpired = await couponWithCode(app.t, app.admin, { redeemBy: PAST });
    expect(await everyRoute(buyer, couponExpired.code.code, pro.id)).toEqual(refusedEverywhere('coupon.expired', 'This code has expired.'));

    // For Business only: refused on Pro and on the add-on, accepted on Business's quote.
    const businessOnly = await couponWithCode(app.t, app.admin, { offerIds: [business.id] });
    expect(await everyRoute(buyer, businessOnly.code.code, pro.id)).toEqual(
      refusedEverywhere('coupon.not_applicable', 'This code does not apply to this purchase.'),
    );
    const quote = await callAs(app.t, buyer.token, 'POST', '/api/user/checkout/quote', {
      offerId: business.id,
      promotionCode: businessOnly.code.code.toLowerCase(),
    });
    expect(quote.status, JSON.stringify(quote.body)).toBe(200);
    expect(quote.body.data.discount).toMatchObject({ name: 'Launch', code: businessOnly.code.code, amountOffCents: 1450 });

    expect(await paymentsOf(buyer.user.id)).toBe(0);
    for (const c of [archivedCoupon, archivedCode, codeExpired, couponExpired, businessOnly])
      expect((await detail(c.coupon.id)).coupon.timesRedeemed).toBe(0);
  });

  it('used up: the code’s limit and the coupon’s limit over all its codes', async () => {
    const first = await signedInFreeCustomer(app.t, { country: 'ES' });
    const second = await signedInFreeCustomer(app.t, { country: 'ES' });
    const pro = await offerOf(app.t, first.token, 'pro', 'monthly');
    // The code allows one redemption.
    const once = await couponWithCode(app.t, app.admin, { percentOff: 20 }, { maxRedemptions: 1 });
    // The coupon allows one over its codes: its second code is used up by the first's redemption.
    const shared = await couponWithCode(app.t, app.admin, { percentOff: 20, maxRedemptions: 1 });
    const sibling = await callAs(app.t, app.admin, 'POST', `/api/admin/coupons/${shared.coupon.id}/promotion-codes`, { code: freshCode() });

    const paid = await callAs(app.t, first.token, 'POST', '/api/user/checkout', {
      offerId: pro.id,
      methodId: first.methodId,
      idempotencyKey: randomUUID(),
      promotionCode: once.code.code,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const addOn = await addOnId(first.token);
    const bought = await callAs(app.t, first.token, 'POST', '/api/user/paquetes', {
      addOnId: addOn,
      methodId: first.methodId,
      idempotencyKey: randomUUID(),
      promotionCode: shared.code.code,
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);

    const usedUp = refusedEverywhere('coupon.used_up', 'This code has been used as many times as it can be.');
    expect(await everyRoute(second, once.code.code, pro.id)).toEqual(usedUp);
    expect(await everyRoute(second, sibling.body.data.code, pro.id)).toEqual(usedUp);
    expect(await paymentsOf(second.user.id)).toBe(0);
    expect((await detail(once.coupon.id)).coupon.timesRedeemed).toBe(1);
    expect((await detail(shared.coupon.id)).coupon.timesRedeemed).toBe(1);
  });

  it('first-time only: a customer who has paid before is refused everywhere; a new one redeems it once', async () => {
    const returning = await signedInFreeCustomer(app.t, { country: 'ES' });
    const pro = await offerOf(app.t, returning.token, 'pro', 'monthly');
    const addOn = await addOnId(returning.token);
    const bought = await callAs(app.t, returning.token, 'POST', '/api/user/paquetes', {
      addOnId: addOn,
      methodId: returning.methodId,
      idempotencyKey: randomUUID(),
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const welcome = await couponWithCode(app.t, app.admin, { percentOff: 30 }, { firstTimeOnly: true });
    expect(await everyRoute(returning, welcome.code.code, pro.id)).toEqual(
      refusedEverywhere('coupon.first_time_only', 'This code is only for a first purchase.'),
    );

    const newcomer = await signedInFreeCustomer(app.t, { country: 'ES' });
    const used = await callAs(app.t, newcomer.token, 'POST', '/api/user/paquetes', {
      addOnId: addOn,
      methodId: newcomer.methodId,
      idempotencyKey: randomUUID(),
      promotionCode: welcome.code.code,
    });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    // 500 − 30 % = 350, + 21 % IVA = 73.5 → 74: 424.
    expect(used.body.data.payment.amountCents).toBe(424);
    const again = await callAs(app.t, newcomer.token, 'POST', '/api/user/checkout/quote', {
      offerId: pro.id,
      promotionCode: welcome.code.code,
    });
    expect([again.status, again.body.code]).toEqual([422, 'coupon.first_time_only']);
    const seen = await detail(welcome.coupon.id);
    expect(seen.redemptions).toMatchObject([
      { code: welcome.code.code, userId: newcomer.user.id, amountOffCents: 150, invoiceNumber: used.body.data.payment.invoiceNumber },
    ]);
    expect(seen.promotionCodes[0]).toMatchObject({ timesRedeemed: 1, firstTimeOnly: true });
  });

  it('a declined card gives the reserved redemption back', async () => {
    const buyer = await signedInFreeCustomer(app.t, { country: 'ES' });
    const { saveTestMethod, TEST_METHODS } = await import('../helpers/sandbox-methods.js');
    const declined = await saveTestMethod(app.t, buyer.token, TEST_METHODS.chargeDeclined, { holder: 'Declined' });
    const pro = await offerOf(app.t, buyer.token, 'pro', 'monthly');
    const last = await couponWithCode(app.t, app.admin, {}, { maxRedemptions: 1 });
    const refused = await callAs(app.t, buyer.token, 'POST', '/api/user/checkout', {
      offerId: pro.id,
      methodId: declined.id,
      idempotencyKey: randomUUID(),
      promotionCode: last.code.code,
    });
    expect([refused.status, refused.body.code]).toEqual([402, 'payment.card_declined']);
    const seen = await detail(last.coupon.id);
    expect([seen.coupon.timesRedeemed, seen.promotionCodes[0]!.timesRedeemed, seen.redemptions.length]).toEqual([0, 0, 0]);
    const paid = await callAs(app.t, buyer.token, 'POST', '/api/user/checkout', {
      offerId: pro.id,
      methodId: buyer.methodId,
      idempotencyKey: randomUUID(),
      promotionCode: last.code.code,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await detail(last.coupon.id)).coupon.timesRedeemed).toBe(1);
  });
});
