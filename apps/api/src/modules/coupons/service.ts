import type { CouponAdmin, CouponDetail, ErrorCode, PromotionCodeAdmin, QuoteDiscount } from '@enlaza/contracts';
import type { couponBodySchema, promotionCodeBodySchema } from '@enlaza/contracts';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { namesOf } from '../account/index.js';
import { addOnsByIds, existingOfferIds } from '../catalogue/index.js';
import { appliesTo, recursOn, type CouponTarget, type CouponTerms } from './discount.js';
import type { CouponRow, CouponsRepository, PromotionCodeRow, RedemptionRow } from './repository.js';

/** A promotion code accepted for a purchase: its coupon's terms, and what names it on the quote and the invoice. */
export type Discount = {
  couponId: string;
  promotionCodeId: string;
  code: string;
  name: string;
  terms: CouponTerms;
};

/** What a charge with a code reserves, then confirms once paid (or gives back when declined). */
export type Reservation = { userId: string; idempotencyKey: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const termsOf = (c: CouponRow): CouponTerms => ({
  percentOff: c.percentOff,
  amountOffCents: c.amountOffCents,
  duration: c.duration,
  durationInMonths: c.durationInMonths,
  appliesTo: c.appliesTo,
});

export const discountOf = (coupon: CouponRow, code: Pick<PromotionCodeRow, 'id' | 'code'>): Discount => ({
  couponId: coupon.id,
  promotionCodeId: code.id,
  code: code.code,
  name: coupon.name,
  terms: termsOf(coupon),
});

/** The quote's view of a discount and the amount it took off. */
export const quoteDiscount = (discount: Discount, amountOffCents: number): QuoteDiscount => ({
  name: discount.name,
  code: discount.code,
  amountOffCents,
  duration: discount.terms.duration,
  durationInMonths: discount.terms.durationInMonths,
});

/** A refusal of the code the customer typed: the code, and the same sentence on the field. */
const refuse = (code: ErrorCode): never => {
  throw new AppError(code, {}, { promotionCode: [{ code }] });
};

function toCoupon(row: CouponRow, codes: number): CouponAdmin {
  return {
    id: row.id,
    name: row.name,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    currency: 'EUR',
    duration: row.duration,
    durationInMonths: row.durationInMonths,
    offerIds: row.appliesTo.offerIds,
    addOnIds: row.appliesTo.addOnIds,
    redeemBy: iso(row.redeemBy),
    maxRedemptions: row.maxRedemptions,
    timesRedeemed: row.timesRedeemed,
    promotionCodes: codes,
    active: row.archivedAt === null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toCode(row: PromotionCodeRow): PromotionCodeAdmin {
  return {
    id: row.id,
    couponId: row.couponId,
    code: row.code,
    expiresAt: iso(row.expiresAt),
    maxRedemptions: row.maxRedemptions,
    firstTimeOnly: row.firstTimeOnly,
    timesRedeemed: row.timesRedeemed,
    active: row.archivedAt === null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The admin's coupons and promotion codes: create, list with their redemptions, archive. */
function createCouponAdmin(repo: CouponsRepository, now: () => Date) {
  const requireCoupon = async (id: string) => {
    const row = await repo.coupon(id);
    if (!row) throw new AppError('record.not_found');
    return row;
  };
  return {
    async create(body: z.output<typeof couponBodySchema>): Promise<CouponAdmin> {
      const [offers, addOns] = await Promise.all([existingOfferIds(repo.db, body.offerIds), addOnsByIds(repo.db, body.addOnIds)]);
      const missing = (ids: string[], found: Set<string>) => ids.findIndex((id) => !found.has(id));
      const offer = missing(body.offerIds, offers);
      const addOn = missing(body.addOnIds, new Set(addOns.map((a) => a.id)));
      if (offer >= 0 || addOn >= 0)
        throw new AppError('validation.failed', {}, { [offer >= 0 ? 'offerIds' : 'addOnIds']: [{ code: 'validation.invalid_value' }] });
      const row = await repo.insertCoupon({
        name: body.name,
        percentOff: body.percentOff,
        amountOffCents: body.amountOffCents,
        duration: body.duration,
        durationInMonths: body.durationInMonths,
        appliesTo: { offerIds: [...new Set(body.offerIds)], addOnIds: [...new Set(body.addOnIds)] },
        redeemBy: body.redeemBy ? new Date(body.redeemBy) : null,
        maxRedemptions: body.maxRedemptions,
        createdAt: now(),
      });
      return toCoupon(row, 0);
    },

    async list(): Promise<CouponAdmin[]> {
      const [rows, counts] = await Promise.all([repo.listCoupons(), repo.codeCounts()]);
      return rows.map((r) => toCoupon(r, counts.get(r.id) ?? 0));
    },

    async detail(id: string): Promise<CouponDetail> {
      const coupon = await requireCoupon(id);
      const [codes, redemptions] = await Promise.all([repo.codesOf(id), repo.redemptionsOf(id)]);
      const names = await namesOf(
        repo.db,
        redemptions.map((r) => r.userId),
      );
      const codeText = new Map(codes.map((c) => [c.id, c.code]));
      return {
        coupon: toCoupon(coupon, codes.length),
        promotionCodes: codes.map(toCode),
        redemptions: redemptions.map((r) => ({
          id: r.id,
          code: codeText.get(r.promotionCodeId) ?? '',
          userId: r.userId,
          customerName: names.get(r.userId)?.name ?? '',
          customerEmail: names.get(r.userId)?.email ?? '',
          paymentId: r.paymentId,
          invoiceId: r.invoiceId,
          invoiceNumber: r.invoiceNumber,
          amountOffCents: r.amountOffCents,
          redeemedAt: (r.redeemedAt ?? r.createdAt).toISOString(),
        })),
      };
    },

    /** No new redemptions of it or of its codes; the discounts already running go on. Archiving again changes nothing. */
    async archive(id: string): Promise<CouponAdmin> {
      const coupon = await requireCoupon(id);
      const row = coupon.archivedAt ? coupon : ((await repo.archiveCoupon(id, now())) ?? coupon);
      return toCoupon(row, (await repo.codesOf(id)).length);
    },

    async createCode(couponId: string, body: z.output<typeof promotionCodeBodySchema>): Promise<PromotionCodeAdmin> {
      const coupon = await requireCoupon(couponId);
      if (coupon.archivedAt) throw new AppError('coupon.archived');
      const row = await repo.insertCode({
        couponId,
        code: body.code,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
        maxRedemptions: body.maxRedemptions,
        firstTimeOnly: body.firstTimeOnly,
        createdAt: now(),
      });
      if (!row) throw new AppError('coupon.code_taken', {}, { code: [{ code: 'coupon.code_taken' }] });
      return toCode(row);
    },

    async archiveCode(id: string): Promise<PromotionCodeAdmin> {
      const row = await repo.archiveCode(id, now());
      if (!row) throw new AppError('record.not_found');
      return toCode(row);
    },
  };
}

/** What a checkout asks: is this code good for this purchase, hold one redemption while paying, confirm it or give it back. */
function createRedemptions(repo: CouponsRepository, now: () => Date) {
  /** Every rule of a code and its coupon at `at`, but the first-time one (which needs the customer's payments). */
  function check(code: PromotionCodeRow | undefined, coupon: CouponRow | undefined, target: CouponTarget | null, at: Date, held = false) {
    if (!code || !coupon) return refuse('coupon.unknown');
    if (code.archivedAt || coupon.archivedAt) return refuse('coupon.inactive');
    if ((code.expiresAt && code.expiresAt <= at) || (coupon.redeemBy && coupon.redeemBy <= at)) return refuse('coupon.expired');
    const full = (times: number, max: number | null) => max !== null && times >= max;
    // A redemption this charge holds already (its retry after authentication) is one of the counted ones.
    if (!held && (full(code.timesRedeemed, code.maxRedemptions) || full(coupon.timesRedeemed, coupon.maxRedemptions)))
      return refuse('coupon.used_up');
    if (target && !appliesTo(coupon, target)) return refuse('coupon.not_applicable');
    return { code, coupon };
  }

  return {
    /**
     * The discount of the code the customer typed for this purchase, or a 422 naming the field:
     * unknown, archived, expired, used up, not for this offer or add-on, or first-time-only for a
     * customer who has paid before (`hasPaid`) or redeemed it already.
     */
    async resolve(input: {
      code: string;
      userId: string;
      target: CouponTarget;
      hasPaid: () => Promise<boolean>;
      /** The charge's idempotency key (none for a quote): a redemption it holds already passes the limits. */
      idempotencyKey?: string;
    }): Promise<Discount> {
      const code = /^[A-Z0-9-]{1,40}$/.test(input.code) ? await repo.codeByText(input.code) : undefined;
      const coupon = code ? await repo.coupon(code.couponId) : undefined;
      const reserved = input.idempotencyKey ? await repo.reservation(input.userId, input.idempotencyKey) : undefined;
      const held = reserved?.status === 'reserved' && reserved.promotionCodeId === code?.id;
      const ok = check(code, coupon, input.target, now(), held);
      if (ok.code.firstTimeOnly && !held && (await input.hasPaid())) refuse('coupon.first_time_only');
      return discountOf(ok.coupon, ok.code);
    },

    /**
     * Before the provider is asked: one redemption of the code and of its coupon held for this
     * charge (its customer's idempotency key), committed, so a concurrent charge for the last one
     * is refused (`coupon.used_up`) before anything is charged. The same key again keeps its
     * reservation. Rules are checked again under the locks (the code may have been archived since the quote).
     */
    async reserve(input: Reservation & { discount: Discount; amountOffCents: number; subscriptionId: string | null }): Promise<void> {
      await repo.transaction(async (tx) => {
        if (await repo.reservation(input.userId, input.idempotencyKey, tx)) return;
        const code = await repo.codeByText(input.discount.code, tx);
        const coupon = code ? await repo.coupon(code.couponId, tx) : undefined;
        check(code, coupon, null, now());
        if (!code || !(await repo.takeOne(tx, code))) refuse('coupon.used_up');
        const row = await repo.insertReservation(tx, {
          couponId: input.discount.couponId,
          promotionCodeId: input.discount.promotionCodeId,
          userId: input.userId,
          idempotencyKey: input.idempotencyKey,
          status: 'reserved',
          firstTimeOnly: code!.firstTimeOnly,
          subscriptionId: input.subscriptionId,
          amountOffCents: input.amountOffCents,
          createdAt: now(),
        });
        if (!row) refuse('coupon.first_time_only');
      });
    },

    /** A declined charge: its reservation goes and the code and coupon get the redemption back. */
    async release({ userId, idempotencyKey }: Reservation): Promise<void> {
      await repo.transaction(async (tx) => {
        const held = await repo.reservation(userId, idempotencyKey, tx);
        if (held?.status !== 'reserved') return;
        const gone = await repo.deleteReservation(tx, held.id);
        if (gone) await repo.giveBack(tx, gone);
      });
    },

    /** In the payment's transaction: the reservation becomes a redemption with its payment, invoice and subscription. */
    async confirm(
      tx: Transaction,
      { userId, idempotencyKey }: Reservation,
      paid: { paymentId: string; invoiceId: string; invoiceNumber: string; subscriptionId: string | null; at: Date },
    ): Promise<void> {
      const held: RedemptionRow | undefined = await repo.reservation(userId, idempotencyKey, tx);
      // A renewal's recurring discount was redeemed with the first payment: nothing held for it.
      if (!held) return;
      await repo.markRedeemed(tx, held.id, {
        paymentId: paid.paymentId,
        invoiceId: paid.invoiceId,
        invoiceNumber: paid.invoiceNumber,
        redeemedAt: paid.at,
        ...(paid.subscriptionId ? { subscriptionId: paid.subscriptionId } : {}),
      });
    },

    /**
     * The discount a renewal of `subscriptionId` to `offerId` for a period starting at `periodStart`
     * takes: its newest redemption's coupon when it recurs then (`repeating` within its months,
     * `forever`) and applies to the offer — an archived coupon included (archiving stops new redemptions only).
     */
    async recurringDiscount(subscriptionId: string, offerId: string, periodStart: Date): Promise<Discount | undefined> {
      const found = await repo.latestOfSubscription(subscriptionId);
      if (!found?.redemption.redeemedAt) return undefined;
      const terms = termsOf(found.coupon);
      if (!recursOn(terms, found.redemption.redeemedAt, periodStart) || !appliesTo(terms, { offerId })) return undefined;
      return discountOf(found.coupon, { id: found.redemption.promotionCodeId, code: found.code });
    },
  };
}

export function createCouponsService(repo: CouponsRepository, now: () => Date) {
  return { ...createCouponAdmin(repo, now), ...createRedemptions(repo, now) };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
