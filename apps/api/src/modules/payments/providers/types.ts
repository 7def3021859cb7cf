/**
 * What the app needs from a payment provider (the embedded sandbox, Stripe, Redsys). The rules every
 * implementation keeps:
 *
 * - Card and account numbers never reach our server. A method is saved by the provider's own
 *   component or page in the browser (Stripe Elements confirming a SetupIntent; Redsys' payment page
 *   or InSite; the sandbox's test-method picker), and the server only keeps the provider's reference
 *   and what may be shown (brand, last four, expiry, the SEPA mandate).
 * - A payment has a state: `succeeded`, `failed`, `requires_action` (the customer must authenticate,
 *   3-D Secure: the payment page completes it) or `processing` (SEPA Direct Debit: it settles or
 *   fails days later; `retrieve` or a webhook tells).
 * - Every money-moving call takes our idempotency key, and the same key again answers the CURRENT
 *   state of the payment that key created, never a second charge (Stripe replays its first response
 *   for a key, so its implementation retrieves the PaymentIntent again).
 */

/** Why a provider refused: each is a translated error code `payment.<reason>`. */
export type DeclineReason = 'card_declined' | 'insufficient_funds' | 'processing_error' | 'authentication_failed' | 'debit_failed';

/** The kinds of method a customer can save for automatic charges (Bizum pays one-off only, it is not saved). */
export type MethodKind = 'card' | 'sepa_debit';

/** What the server keeps of a saved method. */
export type SavedMethod = {
  kind: MethodKind;
  /** The provider's reference (Stripe `pm_…`, Redsys' COF token, the sandbox's id). */
  ref: string;
  /** Card brand (`visa`…), or `sepa_debit`. */
  brand: string;
  last4: string;
  /** Cards only; null for a SEPA account. */
  expMonth: number | null;
  expYear: number | null;
  holder: string;
};

/** A setup started on the server and completed in the browser by the provider's component. */
export type SetupStart = {
  /** The provider's setup id (Stripe `seti_…`), sent back by the browser when the component is done. */
  setupId: string;
  /** What the browser component needs (Stripe's client secret; the sandbox's setup id). */
  clientSecret: string;
};

export type SetupOutcome =
  { status: 'succeeded'; method: SavedMethod } | { status: 'requires_action' } | { status: 'failed'; reason: DeclineReason };

/** The customer as the provider knows them (Stripe: one Customer per account, created on first use). */
export type ProviderCustomer = { userId: string; email: string; name: string; providerCustomerRef: string | null };

export type PaymentOutcome =
  | { status: 'succeeded'; ref: string }
  | { status: 'failed'; ref: string | null; reason: DeclineReason }
  /** 3-D Secure: the customer completes it on the payment page (`clientSecret` for the provider's component). */
  | { status: 'requires_action'; ref: string; clientSecret: string }
  /** SEPA: accepted, settles or fails later. */
  | { status: 'processing'; ref: string };

export type ChargeInput = {
  customer: ProviderCustomer;
  methodRef: string;
  amountCents: number;
  currency: 'EUR';
  /** Ours, per customer: the same key never charges twice. */
  idempotencyKey: string;
  /** A renewal or a seat charge made without the customer present (merchant-initiated). */
  offSession: boolean;
  description: string;
};

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe' | 'redsys';
  /** No real money moves (the sandbox; Stripe with a test key): the screens show a "test mode" banner. */
  readonly testMode: boolean;
  /** The method kinds this provider can save (the Methods screen offers these). */
  readonly methodKinds: readonly MethodKind[];
  /**
   * Bizum is offered for one-off payments (Redsys with REDSYS_BIZUM): `charge` with the Bizum method
   * reference answers `requires_action` with the provider's page, never off session.
   */
  readonly bizum?: boolean;
  /** Creates the provider's customer when the account has none yet; answers its reference. */
  ensureCustomer(customer: ProviderCustomer): Promise<string>;
  startSetup(customer: ProviderCustomer, kind: MethodKind): Promise<SetupStart>;
  /** Reads the setup the browser completed: the saved method, or why not. */
  finishSetup(setupId: string): Promise<SetupOutcome>;
  charge(input: ChargeInput): Promise<PaymentOutcome>;
  /** The current state of a payment (after 3-D Secure, or polling a SEPA debit). */
  retrieve(ref: string): Promise<PaymentOutcome>;
  /**
   * A payment waiting for the customer, made ready for them to authenticate now, on session (they
   * opened its page): Stripe leaves an off-session charge its bank wanted authenticated waiting for a
   * new confirmation, which this makes with the saved method, so the browser's step can open the
   * bank's challenge. The others' payments are ready as they are: their state.
   */
  prepareAuthentication(ref: string): Promise<PaymentOutcome>;
  refund(ref: string, amountCents: number, idempotencyKey: string): Promise<{ refundRef: string }>;
  /** Detaches a removed method at the provider (it cannot be charged again). */
  detach(methodRef: string): Promise<void>;
}
