export { prorate, unusedCredit, remainingCharge, secondsBetween, balanceToApply } from './proration.js';
export { anchoredDate, nextPeriodEnd } from './billing-anchor.js';
export { SEAT_ADDITION_DELAY_SECONDS } from './seat-additions.js';
export { DUNNING_RETRY_DAYS } from './seat-dunning.js';
export { seatsToBill } from './seats.js';
export type { PaymentProvider, PaymentOutcome, DeclineReason, SavedMethod } from './provider.js';
export type { Resumer, Reverser } from './pending-payments.js';
export type { PaymentsService } from './service.js';
export type { PaymentQueries } from './queries.js';

export type PaymentSummary = {
  id: string;
  userId: string;
  amountCents: number;
  currency: 'EUR';
  status: 'succeeded' | 'failed' | 'refunded' | 'partially_refunded' | 'requires_action' | 'processing';
  methodBrand: string | null;
  methodLast4: string | null;
  createdAt: Date;
};
export { redsysQueryUrl, redsysUrls } from './providers/redsys.js';
