import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { couponRedemptions, coupons, promotionCodes } from './schema.js';

export type CouponRow = typeof coupons.$inferSelect;
export type PromotionCodeRow = typeof promotionCodes.$inferSelect;
export type RedemptionRow = typeof couponRedemptions.$inferSelect;
type Db = Database | Transaction;

/** The unique index a first-time-only code's second redemption by one customer runs into. */
const FIRST_TIME_INDEX = 'coupon_redemptions_first_time_unique';

/** Whether an error is the database refusing a duplicate of this unique index (PostgreSQL and PGlite). */
export function isUniqueViolation(error: unknown, index: string): boolean {
  const e = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint, message } = (e ?? {}) as { code?: string; constraint?: string; message?: string };
  return code === '23505' && (constraint === index || (message ?? '').includes(index));
}

export function createCouponsRepository(db: Database) {
  return {
    db,
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),

    insertCoupon: async (values: typeof coupons.$inferInsert) => (await db.insert(coupons).values(values).returning())[0]!,
    coupon: async (id: string, t: Db = db) => (await t.select().from(coupons).where(eq(coupons.id, id)))[0],
    listCoupons: () => db.select().from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id)),
    /** How many promotion codes each coupon has. */
    async codeCounts(): Promise<Map<string, number>> {
      const rows = await db
        .select({ couponId: promotionCodes.couponId, n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(promotionCodes)
        .groupBy(promotionCodes.couponId);
      return new Map(rows.map((r) => [r.couponId, r.n]));
    },
    archiveCoupon: async (id: string, at: Date) =>
      (await db.update(coupons).set({ archivedAt: at }).where(eq(coupons.id, id)).returning())[0],

    /** A new code; undefined when the text is taken already (compared in capitals). */
    async insertCode(values: typeof promotionCodes.$inferInsert): Promise<PromotionCodeRow | undefined> {
      const [row] = await db.insert(promotionCodes).values(values).onConflictDoNothing({ target: promotionCodes.code }).returning();
      return row;
    },
    codesOf: (couponId: string) =>
      db.select().from(promotionCodes).where(eq(promotionCodes.couponId, couponId)).orderBy(desc(promotionCodes.createdAt)),
    codeByText: async (code: string, t: Db = db) => (await t.select().from(promotionCodes).where(eq(promotionCodes.code, code)))[0],
    /** Archives a code (once: archiving again keeps the first moment). */
    archiveCode: async (id: string, at: Date) =>
      (
        await db
          .update(promotionCodes)
          .set({ archivedAt: sql`coalesce(${promotionCodes.archivedAt}, ${at.toISOString()}::timestamptz)` })
          .where(eq(promotionCodes.id, id))
          .returning()
      )[0],

    redemptionsOf: (couponId: string) =>
      db
        .select()
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.status, 'redeemed')))
        .orderBy(desc(couponRedemptions.redeemedAt), desc(couponRedemptions.id)),

    reservation: async (userId: string, idempotencyKey: string, t: Db = db) =>
      (
        await t
          .select()
          .from(couponRedemptions)
          .where(and(eq(couponRedemptions.userId, userId), eq(couponRedemptions.idempotencyKey, idempotencyKey)))
      )[0],

    /**
     * Takes one redemption of the code and of its coupon, in `tx`: each count is raised by one UPDATE
     * that only matches while it is under its limit (the row lock makes a second charge wait and then
     * see the new count), so the last redemption goes to one charge only. False when either is used up.
     */
    async takeOne(tx: Transaction, code: PromotionCodeRow): Promise<boolean> {
      const [c] = await tx
        .update(promotionCodes)
        .set({ timesRedeemed: sql`${promotionCodes.timesRedeemed} + 1` })
        .where(
          and(
            eq(promotionCodes.id, code.id),
            sql`(${promotionCodes.maxRedemptions} is null or ${promotionCodes.timesRedeemed} < ${promotionCodes.maxRedemptions})`,
          ),
        )
        .returning({ id: promotionCodes.id });
      if (!c) return false;
      const [k] = await tx
        .update(coupons)
        .set({ timesRedeemed: sql`${coupons.timesRedeemed} + 1` })
        .where(
          and(
            eq(coupons.id, code.couponId),
            sql`(${coupons.maxRedemptions} is null or ${coupons.timesRedeemed} < ${coupons.maxRedemptions})`,
          ),
        )
        .returning({ id: coupons.id });
      return Boolean(k);
    },

    /** Gives a redemption back to the code and its coupon (a declined charge's reservation). */
    async giveBack(tx: Transaction, row: RedemptionRow): Promise<void> {
      await tx
        .update(promotionCodes)
        .set({ timesRedeemed: sql`greatest(${promotionCodes.timesRedeemed} - 1, 0)` })
        .where(eq(promotionCodes.id, row.promotionCodeId));
      await tx
        .update(coupons)
        .set({ timesRedeemed: sql`greatest(${coupons.timesRedeemed} - 1, 0)` })
        .where(eq(coupons.id, row.couponId));
    },

    /** The reservation, or undefined when the customer has redeemed this first-time-only code before. */
    async insertReservation(tx: Transaction, values: typeof couponRedemptions.$inferInsert): Promise<RedemptionRow | undefined> {
      try {
        return (await tx.insert(couponRedemptions).values(values).returning())[0];
      } catch (error) {
        if (isUniqueViolation(error, FIRST_TIME_INDEX)) return undefined;
        throw error;
      }
    },
    deleteReservation: async (tx: Transaction, id: string) =>
      (
        await tx
          .delete(couponRedemptions)
          .where(and(eq(couponRedemptions.id, id), eq(couponRedemptions.status, 'reserved')))
          .returning()
      )[0],
    markRedeemed: (tx: Transaction, id: string, values: Partial<typeof couponRedemptions.$inferInsert>) =>
      tx
        .update(couponRedemptions)
        .set({ ...values, status: 'redeemed' })
        .where(eq(couponRedemptions.id, id)),

    /** The subscription's newest paid redemption, with its coupon (for its renewals). */
    async latestOfSubscription(
      subscriptionId: string,
    ): Promise<{ redemption: RedemptionRow; coupon: CouponRow; code: string } | undefined> {
      const [row] = await db
        .select({ redemption: couponRedemptions, coupon: coupons, code: promotionCodes.code })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .innerJoin(promotionCodes, eq(promotionCodes.id, couponRedemptions.promotionCodeId))
        .where(and(eq(couponRedemptions.subscriptionId, subscriptionId), eq(couponRedemptions.status, 'redeemed')))
        .orderBy(desc(couponRedemptions.redeemedAt), desc(couponRedemptions.id))
        .limit(1);
      return row;
    },

    redemptionsOfUser: (userId: string) =>
      db
        .select({ redemption: couponRedemptions, code: promotionCodes.code, couponName: coupons.name })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .innerJoin(promotionCodes, eq(promotionCodes.id, couponRedemptions.promotionCodeId))
        .where(eq(couponRedemptions.userId, userId))
        .orderBy(couponRedemptions.createdAt, couponRedemptions.id),
  };
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
