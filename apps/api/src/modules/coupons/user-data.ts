import { and, eq } from 'drizzle-orm';
import { iso, type UserDataProvider } from '../../platform/user-data-registry.js';
import type { CouponsRepository } from './repository.js';
import { couponRedemptions } from './schema.js';

/**
 * The promotion codes the customer redeemed (code, coupon, what it took off, the invoice). On erase a
 * charge's reservation goes; redemptions stay: they back the discount lines of issued invoices
 * (kept by tax law) and the coupons' redemption counts.
 */
export function createCouponsUserData(repo: CouponsRepository): UserDataProvider<'couponRedemptions'> {
  return {
    section: 'couponRedemptions',
    retains: [
      {
        table: 'coupon_redemptions',
        reason: 'A redemption backs the discount line of an issued invoice, which tax law requires keeping for years.',
      },
    ],
    async export(userId) {
      const rows = await repo.redemptionsOfUser(userId);
      return rows.map(({ redemption: r, code, couponName }) => ({
        code,
        couponName,
        status: r.status,
        amountOffCents: r.amountOffCents,
        invoiceNumber: r.invoiceNumber,
        redeemedAt: iso(r.redeemedAt),
        createdAt: r.createdAt.toISOString(),
      }));
    },
    async erase(userId, tx) {
      await tx.delete(couponRedemptions).where(and(eq(couponRedemptions.userId, userId), eq(couponRedemptions.status, 'reserved')));
    },
  };
}
