import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, promotionCodes } from '../../src/db/schema/index.js';
import { couponWithCode, offerOf } from '../helpers/coupons.js';
import { databaseKind } from '../helpers/database.js';
import { callAs, signedInFreeCustomer, useAdminApp } from '../helpers/subscriber.js';
import { whileUncommitted } from '../helpers/uncommitted.js';

/**
 * A code's last redemption held by another charge's transaction, not yet committed (PostgreSQL: its
 * row lock orders the two, with no sleep deciding): a checkout with the same code waits for it, then
 * sees the code used up and is refused before anything is charged. A redemption counted from a read
 * made before the wait (read, then raise) would hand the last one out twice.
 */
const app = useAdminApp();

describe.runIf(databaseKind === 'postgres')('the last redemption of a code', () => {
  it('held by an uncommitted charge: a checkout with the code waits for it, then is refused and charged nothing', async () => {
    const buyer = await signedInFreeCustomer(app.t, { country: 'ES' });
    const pro = await offerOf(app.t, buyer.token, 'pro', 'monthly');
    const { code } = await couponWithCode(app.t, app.admin, { percentOff: 10 }, { maxRedemptions: 1 });
    const { contended, contenderWaited } = await whileUncommitted(
      app.t.db,
      // What another checkout's reservation does in its transaction: the guarded raise of the count.
      (tx) =>
        tx
          .update(promotionCodes)
          .set({ timesRedeemed: sql`${promotionCodes.timesRedeemed} + 1` })
          .where(eq(promotionCodes.id, code.id))
          .returning({ times: promotionCodes.timesRedeemed }),
      () =>
        callAs(app.t, buyer.token, 'POST', '/api/user/checkout', {
          offerId: pro.id,
          methodId: buyer.methodId,
          idempotencyKey: randomUUID(),
          promotionCode: code.code,
        }),
    );
    expect(contenderWaited).toBe(true);
    expect([contended.status, contended.body.code]).toEqual([422, 'coupon.used_up']);
    expect(await app.t.db.select().from(payments).where(eq(payments.userId, buyer.user.id))).toEqual([]);
    const [row] = await app.t.db.select().from(promotionCodes).where(eq(promotionCodes.id, code.id));
    expect(row!.timesRedeemed).toBe(1);
  });
});
