import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { CouponAdmin, CouponBody, PlansCatalogue, PromotionCodeAdmin, PromotionCodeBody } from '@enlaza/contracts';
import type { TestContext } from './test-app.js';
import { callAs } from './subscriber.js';

/** A code text no other test uses. */
export const freshCode = (prefix = 'SAVE') => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

/** A coupon made through the admin API (50 % off once unless `coupon` says), with one promotion code. */
export async function couponWithCode(
  t: TestContext,
  admin: string,
  coupon: Partial<CouponBody> = {},
  code: Partial<PromotionCodeBody> = {},
): Promise<{ coupon: CouponAdmin; code: PromotionCodeAdmin }> {
  const made = await callAs(t, admin, 'POST', '/api/admin/coupons', { name: 'Launch', percentOff: 50, duration: 'once', ...coupon });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const added = await callAs(t, admin, 'POST', `/api/admin/coupons/${made.body.data.id}/promotion-codes`, { code: freshCode(), ...code });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { coupon: made.body.data as CouponAdmin, code: added.body.data as PromotionCodeAdmin };
}

/** The customer's offer of `plan` × `period` as their plans page shows it. */
export async function offerOf(t: TestContext, token: string, plan: 'pro' | 'business', period: 'monthly' | 'yearly') {
  const catalogue = (await callAs(t, token, 'GET', '/api/user/plans')).body.data as PlansCatalogue;
  return catalogue.plans.find((p) => p.code === plan)!.offers.find((o) => o.period.code === period)!;
}
