import { z } from 'zod';
import { subscriptionStatusSchema } from './subscription.js';
import { paymentDisputeSchema } from './payments.js';

/**
 * Suscripcions (admin) and the sandbox test clock. Shared by the renewals/dunning engine (which
 * writes the history) and the admin screens (which read it).
 */

/** What can happen to a subscription; one row of its history each. */
export const SUBSCRIPTION_EVENT_KINDS = [
  'created',
  'upgraded',
  'downgrade_scheduled',
  'downgrade_cancelled',
  'downgraded',
  'cancel_scheduled',
  'resumed',
  'renewed',
  'renewal_reminder',
  'payment_failed',
  'past_due',
  'reactivated',
  'expired',
  'cancelled',
  'extended',
  'add_on',
  'seats_added',
] as const;
export const subscriptionEventKindSchema = z.enum(SUBSCRIPTION_EVENT_KINDS);
export type SubscriptionEventKind = z.infer<typeof subscriptionEventKindSchema>;

/** Free-form but typed facts of an event (all optional; amounts in integer cents). */
export const subscriptionEventDetailSchema = z.object({
  fromPlan: z.string().optional(),
  toPlan: z.string().optional(),
  periodStart: z.string().optional(),
  periodEnd: z.string().optional(),
  amountCents: z.number().int().optional(),
  paymentId: z.string().optional(),
  invoiceNumber: z.string().optional(),
  attempt: z.number().int().optional(),
  nextAttemptAt: z.string().optional(),
  reason: z.string().optional(),
  days: z.number().int().optional(),
  atPeriodEnd: z.boolean().optional(),
  /** A per-seat subscription: the seats billed after the change (and before it, `fromSeats`). */
  seats: z.number().int().optional(),
  fromSeats: z.number().int().optional(),
});
export type SubscriptionEventDetail = z.infer<typeof subscriptionEventDetailSchema>;

export const subscriptionEventSchema = z.object({
  id: z.string(),
  kind: subscriptionEventKindSchema,
  detail: subscriptionEventDetailSchema,
  actorId: z.string().nullable(),
  at: z.string(),
});
export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;

/** Admin list filters; keyset pages newest first (pass `meta.nextCursor` back as `before`). */
export const adminSubscriptionListQuerySchema = z.object({
  status: subscriptionStatusSchema.exclude(['none']).optional(),
  /** Plan code. */
  plan: z.string().trim().max(50).optional(),
  /** Billing period code (monthly, annual, …). */
  period: z.string().trim().max(50).optional(),
  /** Customer name or email (contains, case-insensitive). */
  q: z.string().trim().max(100).optional(),
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminSubscriptionListQuery = z.infer<typeof adminSubscriptionListQuerySchema>;

export const adminSubscriptionSummarySchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  plan: z.object({ code: z.string(), name: z.string() }),
  /** The running offer's billing period; `months` is its length, for prices written per period ("/ month"). */
  period: z.object({ code: z.string(), name: z.string(), months: z.number().int() }).nullable(),
  status: subscriptionStatusSchema,
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Price of the running offer before tax, in cents (null on Free). */
  priceCents: z.number().int().nullable(),
  /** Seats billed in the current period of a per-seat offer; null for a flat one. */
  seats: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AdminSubscriptionSummary = z.infer<typeof adminSubscriptionSummarySchema>;

export const adminSubscriptionListSchema = z.object({
  ok: z.literal(1),
  data: z.array(adminSubscriptionSummarySchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
export type AdminSubscriptionList = z.infer<typeof adminSubscriptionListSchema>;

export const adminSubscriptionDetailSchema = adminSubscriptionSummarySchema.extend({
  history: z.array(subscriptionEventSchema),
  payments: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      amountCents: z.number().int(),
      status: z.string(),
      purpose: z.string(),
      invoiceNumber: z.string().nullable(),
      /** The payment's latest dispute (null: never disputed). */
      dispute: paymentDisputeSchema.extend({ id: z.string() }).nullable(),
      /**
       * Its provider reports no disputes (Redsys, the sandbox): the bank's chargeback is recorded here
       * by an admin, and its outcome too. Stripe's come from its events.
       */
      disputesRecordedHere: z.boolean(),
    }),
  ),
  invoices: z.array(z.object({ id: z.string(), number: z.string(), issuedAt: z.string(), totalCents: z.number().int(), kind: z.string() })),
});
export type AdminSubscriptionDetail = z.infer<typeof adminSubscriptionDetailSchema>;

/** Cancel now, or at the end of the running period. */
export const adminCancelSubscriptionSchema = z.object({ atPeriodEnd: z.boolean(), reason: z.string().trim().min(3).max(500) });
export type AdminCancelSubscription = z.infer<typeof adminCancelSubscriptionSchema>;

/** Extend the running period by N days (audit-logged with the reason). */
export const adminExtendSubscriptionSchema = z.object({
  days: z.number().int().min(1).max(366),
  reason: z.string().trim().min(3).max(500),
});
export type AdminExtendSubscription = z.infer<typeof adminExtendSubscriptionSchema>;

/**
 * The sandbox provider's test clock (TEST_CLOCK_ENABLED): the product's "now" is the real time
 * plus an offset shared by every process. GET /api/admin/test-clock answers it;
 * POST /api/admin/test-clock/advance moves it forward and runs what fell due (renewals,
 * reminders, dunning retries) before answering.
 */
export const testClockSchema = z.object({ enabled: z.boolean(), now: z.string(), offsetSeconds: z.number().int() });
export type TestClock = z.infer<typeof testClockSchema>;
export const testClockAdvanceSchema = z.object({ days: z.number().int().min(1).max(400) });
export type TestClockAdvance = z.infer<typeof testClockAdvanceSchema>;
/** What the advance ran: renewals charged, failed, reminders sent, subscriptions expired. */
export const testClockAdvanceResultSchema = testClockSchema.extend({
  ran: z.object({
    renewed: z.number().int(),
    failed: z.number().int(),
    reminded: z.number().int(),
    expired: z.number().int(),
    cancelled: z.number().int(),
  }),
});
export type TestClockAdvanceResult = z.infer<typeof testClockAdvanceResultSchema>;

/** The reasons a bank gives for a chargeback (Stripe's names, which the screens translate). */
export const DISPUTE_REASONS = [
  'fraudulent',
  'product_not_received',
  'product_unacceptable',
  'duplicate',
  'subscription_canceled',
  'unrecognized',
  'credit_not_processed',
  'general',
] as const;

/**
 * A chargeback the bank reported outside the app (Redsys, the sandbox): its reference at the bank,
 * the amount taken back (at most the payment's), the bank's reason and when the answer is due.
 */
export const adminRecordDisputeSchema = z.object({
  reference: z.string().trim().min(1).max(64),
  amountCents: z.number().int().min(1),
  reason: z.enum(DISPUTE_REASONS),
  evidenceDueBy: z.iso.date().nullable().default(null),
});
export type AdminRecordDispute = z.input<typeof adminRecordDisputeSchema>;

/** The bank's decision on a recorded chargeback: `lost` credits the amount and undoes what it paid for; `won` changes nothing. */
export const adminCloseDisputeSchema = z.object({ outcome: z.enum(['won', 'lost']) });
export type AdminCloseDispute = z.infer<typeof adminCloseDisputeSchema>;
