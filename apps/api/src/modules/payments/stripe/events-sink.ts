import type { DeclineReason, SavedMethod, SetupOutcome } from '../providers/types.js';
import type { DisputeStatus } from '@enlaza/contracts';

/** A dispute (chargeback) as the provider reports it. */
export type DisputeReport = {
  /** The provider's dispute (`dp_…`). */
  disputeRef: string;
  /** The disputed payment (the PaymentIntent, `pi_…`: our payment's provider reference). */
  paymentRef: string;
  amountCents: number;
  /** The bank's reason (`fraudulent`, `product_not_received`…). */
  reason: string;
  /** The provider's status (`needs_response`, `under_review`, `won`, `lost`…). */
  status: DisputeStatus;
  /** When the evidence must reach the provider (null: none asked). */
  evidenceDueBy: Date | null;
};

/** A refund of a payment at the provider; `madeByApp`: one the app asked for (it carries our key), not one made in the dashboard. */
export type RefundReport = { refundRef: string; amountCents: number; madeByApp: boolean };

/**
 * What the payments module does with what a provider's webhook reports. Each call carries the
 * object's CURRENT state at the provider (read again when the event is processed), not the event's
 * copy, and may come more than once (a job re-run after a crash): each must be idempotent, applying a
 * state the payment already has changes nothing. The webhook side passes on a state once per change
 * (`provider_object_states`), so reordered and repeated events do not reach it again.
 */
export interface PaymentEventsSink {
  /** The payment went through (a SEPA debit settled, 3-D Secure completed without the customer's browser coming back). */
  succeeded(paymentRef: string): Promise<void>;
  failed(paymentRef: string, reason: DeclineReason): Promise<void>;
  requiresAction(paymentRef: string, clientSecret: string): Promise<void>;
  /** The total refunded of the payment at the provider and each of its refunds (those made in its dashboard included). */
  refunded(paymentRef: string, refundedCents: number, refunds: RefundReport[]): Promise<void>;
  /** A dispute opened, or its open state changed (`needs_response` → `under_review`…). */
  disputeOpened(dispute: DisputeReport): Promise<void>;
  disputeClosed(dispute: DisputeReport & { outcome: 'won' | 'lost' }): Promise<void>;
  /** A setup completed (or failed) at the provider, whether or not the browser came back to say so. */
  setupFinished(setupId: string, outcome: SetupOutcome): Promise<void>;
  /** A saved method can no longer be charged (detached at the provider). */
  methodDetached(methodRef: string): Promise<void>;
  /** A saved method's shown details changed (a card's new expiry from the card network's updater). */
  methodUpdated(method: SavedMethod): Promise<void>;
}
