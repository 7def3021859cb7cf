import type { Locale, TaxRule } from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import { billingGaps } from '../account/index.js';
import { canInvoiceUser, quoteTotals, SIMPLIFIED_INVOICE_LIMIT_CENTS, type InvoiceLineInput } from '../invoices/index.js';
import { balanceToApply } from './proration.js';
import { ProviderIdempotencyError, type PaymentOutcome } from './provider.js';
import { BIZUM_METHOD_REF } from './providers/redsys-protocol.js';
import type { PaymentMethodRow, PaymentRow } from './repository.js';
import type { PaymentPurpose, PaymentResume, ResumeArgs, StoredLine } from './schema.js';
import { texts, type PaymentsContext, type Texts } from './service-context.js';
import type { AppliedDiscount } from './discounts.js';

/**
 * How a charge is paid: a saved method; `bizum`, once, the customer on the provider's page (never off
 * session); or `customer_link`, nothing charged now: a renewal with no card to charge waits for the
 * customer to pay it from its page (the emailed link), by Bizum or a card.
 */
export type PayingWith = PaymentMethodRow | 'bizum' | 'customer_link';

export type ChargeRequest = {
  userId: string;
  method: PayingWith;
  idempotencyKey: string;
  purpose: PaymentPurpose;
  description: Texts;
  subscriptionId: string | null;
  locale: Locale;
  lines: InvoiceLineInput[];
  /** The VAT rule the lines were taxed by (`taxOf`). */
  taxRule: TaxRule;
  /** The change the payment buys, in the payment's transaction (subscription, add-on…). */
  apply: (tx: Transaction, payment: PaymentRow) => Promise<void>;
  /**
   * A plan change whose credit for unused time reached the new charge: its lines total zero, and
   * what the credit had over the charge (before tax, maybe 0) goes to the customer's balance.
   */
  creditToBalanceCents?: number;
  /** The request to repeat if the payment completes later without it (it waits for authentication): see `payments.resume`. */
  resume?: ResumeArgs;
  /** Merchant-initiated (a renewal, seats added): the customer is not there to authenticate. */
  offSession?: boolean;
  /**
   * A promotion code's discount already in the lines: one redemption is reserved before the provider
   * is asked and confirmed with the payment (`forPlan`: the redemption names the subscription, whose
   * renewals a recurring coupon then discounts). A 100 % discount charges nothing and still invoices.
   */
  coupon?: AppliedDiscount & { forPlan: boolean };
};

/**
 * The lines of an invoice with the customer's credit balance taken off them (one negative line,
 * see `balanceToApply`), and how much of the balance that uses. The quote and the charge call it
 * with the same balance, so they show and charge the same total.
 */
export function withBalance(lines: InvoiceLineInput[], balanceCents: number): { lines: InvoiceLineInput[]; appliedCents: number } {
  const appliedCents = balanceToApply(balanceCents, lines);
  if (appliedCents === 0) return { lines, appliedCents };
  const first = lines[0]!;
  return {
    lines: [
      ...lines,
      {
        description: texts((l) => translate(l, 'billing.line_balance')),
        quantity: 1,
        unitAmountCents: -appliedCents,
        taxId: first.taxId,
        taxName: first.taxName,
        taxRateBasisPoints: first.taxRateBasisPoints,
      },
    ],
    appliedCents,
  };
}

export type Charge = (request: ChargeRequest) => Promise<PaymentRow>;

/**
 * A renewal its customer pays from its page (no card to charge): a payment attempt there that fails
 * (Bizum refused) puts it back to waiting for them, where a charge the customer made fails.
 */
export const paidFromLink = (row: PaymentRow) => row.purpose === 'renewal' && row.methodId === null;

/** Back to waiting for its customer after a failed attempt from its page; answers the row as it is now. */
export async function backToWaiting(repo: PaymentsContext['repo'], row: PaymentRow): Promise<PaymentRow> {
  await repo.repointPending(row.id, row.providerChargeRef, { providerChargeRef: null, nextActionSecret: null, methodBrand: null });
  return (await repo.payment(row.id))!;
}

/** Payments that have taken the money or are taking it (a SEPA debit settling): the service is delivered. */
export const DELIVERED = new Set(['succeeded', 'processing', 'refunded', 'partially_refunded']);

/** The first result of a customer's key: the same payment, or its failure again; another amount is refused. */
function replay(first: PaymentRow, amountCents: number): PaymentRow {
  if (first.amountCents !== amountCents) throw new AppError('payment.idempotency_mismatch');
  if (first.status === 'failed') throw new AppError((first.failureCode ?? 'payment.card_declined') as 'payment.card_declined');
  return first;
}

const storeLines = (lines: InvoiceLineInput[]): StoredLine[] =>
  lines.map(({ period, ...line }) => ({
    ...line,
    ...(period ? { period: { start: period.start.toISOString(), end: period.end.toISOString() } } : {}),
  }));
const readLines = (lines: StoredLine[]): InvoiceLineInput[] =>
  lines.map(({ period, ...line }) => ({
    ...line,
    ...(period ? { period: { start: new Date(period.start), end: new Date(period.end) } } : {}),
  }));

/** Delivering what a payment paid for (`deliver`), and completing a payment that waited for authentication (`complete`). */
function createCompletion({ repo, provider, events, issueInvoice, clock, coupons }: PaymentsContext) {
  /**
   * In ONE transaction with the payment row (new, or a pending one claimed): the balance it used or
   * a plan change's credit left over (the ledger), the change it pays for, its `payment.succeeded`
   * event (a SEPA debit's comes when it settles) and the invoice (last: its numbering lock is held
   * until COMMIT). A debit still settling is delivered and invoiced now (the invoice is dated by the
   * supply), its receipt waits for the money.
   */
  async function deliver(
    tx: Transaction,
    row: PaymentRow,
    request: ChargeRequest,
    paid: { lines: InvoiceLineInput[]; appliedCents: number; creditToBalance: number; locale: Locale; taxRule: TaxRule },
  ): Promise<PaymentRow> {
    if (paid.appliedCents > 0)
      await repo.addCredit(tx, {
        userId: row.userId,
        paymentId: row.id,
        kind: 'applied',
        amountCents: -paid.appliedCents,
        createdAt: row.createdAt,
      });
    if (paid.creditToBalance > 0)
      await repo.addCredit(tx, {
        userId: row.userId,
        paymentId: row.id,
        kind: 'plan_change',
        amountCents: paid.creditToBalance,
        createdAt: row.createdAt,
      });
    await request.apply(tx, row);
    if (row.status === 'succeeded')
      await events.publish(
        'payment.succeeded',
        { paymentId: row.id, userId: row.userId, amountCents: row.amountCents, currency: 'EUR' },
        tx,
      );
    const invoice = await issueInvoice(tx, {
      userId: row.userId,
      paymentId: row.id,
      currency: 'EUR',
      locale: paid.locale,
      issuedAt: row.createdAt,
      lines: paid.lines,
      taxRule: paid.taxRule,
      ...(row.status === 'processing' ? { awaitingPayment: true } : {}),
    });
    const invoiced = (await repo.setInvoice(tx, row.id, invoice.id, invoice.number))!;
    // The promotion code's reservation becomes its redemption, with the payment, the invoice and (a plan's) the subscription.
    if (paid.lines.some((l) => l.discount))
      await coupons.confirm(
        tx,
        { userId: row.userId, idempotencyKey: row.idempotencyKey },
        {
          paymentId: row.id,
          invoiceId: invoice.id,
          invoiceNumber: invoice.number,
          subscriptionId: request.coupon?.forPlan ? invoiced.subscriptionId : null,
          at: row.createdAt,
        },
      );
    return invoiced;
  }

  /** A pending payment whose authentication failed (or whose provider refused it since): failed once, its event with it. */
  async function failPending(row: PaymentRow, reason: string): Promise<never> {
    const failureCode = `payment.${reason}`;
    // A promotion code held for it is given back.
    await coupons.release({ userId: row.userId, idempotencyKey: row.idempotencyKey });
    await repo.transaction(async (tx) => {
      const failed = await repo.settlePending(tx, row.id, 'requires_action', { status: 'failed', failureCode });
      if (failed)
        await events.publish(
          'payment.failed',
          { paymentId: row.id, userId: row.userId, amountCents: row.amountCents, currency: 'EUR' },
          tx,
        );
    });
    const now = (await repo.payment(row.id))!;
    throw new AppError((now.failureCode ?? failureCode) as 'payment.card_declined');
  }

  /**
   * The same key again while its payment waits for the customer's authentication: the provider tells
   * the payment's state now. Still waiting: the same answer. Failed: the payment fails (once).
   * Succeeded (or settling): the change is applied and the invoice issued exactly once — the UPDATE
   * that moves the row out of `requires_action` is the guard, whoever (this request, the resume job)
   * gets there first. The invoice charges what was stored with the payment (the amount authenticated).
   */
  async function complete(first: PaymentRow, request: ChargeRequest): Promise<PaymentRow> {
    if (first.purpose !== request.purpose || !first.resume) throw new AppError('payment.idempotency_mismatch');
    // Nothing asked of the provider yet: the customer has not paid it from its page.
    if (!first.providerChargeRef) return first;
    let outcome: PaymentOutcome;
    try {
      outcome = await provider.retrieve(first.providerChargeRef);
    } catch (error) {
      if (error instanceof ProviderIdempotencyError) throw new AppError('payment.idempotency_mismatch');
      throw error;
    }
    if (outcome.status === 'requires_action') return first;
    if (outcome.status === 'failed') return paidFromLink(first) ? backToWaiting(repo, first) : failPending(first, outcome.reason);
    const stored = first.resume;
    const status = outcome.status;
    const done = await repo.transaction(async (tx) => {
      if (stored.appliedCents > 0 && (await repo.lockBalance(tx, first.userId)) < stored.appliedCents)
        throw new AppError('request.conflict');
      // Made now: the service starts and the invoice is dated when the payment went through.
      const row = await repo.settlePending(tx, first.id, 'requires_action', { status, createdAt: clock(), nextActionSecret: null });
      if (!row) return undefined; // completed by another request or the resume job
      return deliver(tx, row, request, {
        lines: readLines(stored.lines),
        appliedCents: stored.appliedCents,
        creditToBalance: stored.creditToBalanceCents ?? 0,
        locale: stored.locale,
        taxRule: stored.taxRule as TaxRule,
      });
    });
    const now = done ?? (await repo.payment(first.id))!;
    if (now.status === 'failed') throw new AppError((now.failureCode ?? 'payment.card_declined') as 'payment.card_declined');
    return now;
  }

  return { deliver, complete };
}

export function createCharge(context: PaymentsContext): Charge {
  const { repo, provider, events, clock, providerCustomer, coupons } = context;
  const { deliver, complete } = createCompletion(context);

  /**
   * The one charge path (checkout, upgrade, add-ons, seats; the renewals reuse it):
   * 1. a key already used answers its payment: the first result (another amount is refused), or,
   *    while it waits for authentication, its state now (`complete`);
   * 2. a plan invoice takes the customer's credit balance off its lines (`withBalance`); the
   *    provider charges the rest with the key (idempotent on its side too), or is not asked when a
   *    credit paid it all;
   * 3. a decline stores a failed payment row and its `payment.failed` event, and nothing else;
   * 4. authentication needed (3-D Secure): a `requires_action` row with what the charge was
   *    (lines, balance, the request to repeat: `resume`), nothing applied, no invoice; the caller
   *    answers it with the next action, and the same key completes it later;
   * 5. a success or a SEPA debit accepted (`processing`) commits, in ONE transaction: the row and
   *    everything `deliver` does.
   * The events' notifications are written after commit by their subscribers (notifications module).
   * Crash window: the provider has charged but the process dies before step 5 commits. Nothing is
   * recorded; the client retries with the same key, the provider answers the same charge without
   * charging again, and step 5 runs then. A charge whose client never retries stays at the provider
   * only (reconciliation against the provider's list of charges by key closes that gap).
   */
  async function charge(request: ChargeRequest): Promise<PaymentRow> {
    // The plan's invoices (a purchase, a change, a renewal: each quoted with the balance first) use the balance; an add-on is charged at the price it shows.
    const balance = async () => (request.purpose === 'add_on' ? 0 : repo.balance(request.userId));
    const first = await repo.paymentByKey(request.userId, request.idempotencyKey);
    if (first?.status === 'requires_action') return complete(first, request);
    // A key used before answers its first result, compared with what it charged then: with the
    // balance a success used (its ledger entry), or, after a decline (which used none), the balance now.
    if (first) {
      const used = first.status === 'failed' ? await balance() : -(await repo.creditOf(first.id, 'applied'));
      return replay(first, quoteTotals(withBalance(request.lines, used).lines).totalCents);
    }
    // A method the provider detached cannot be charged (the Methods screen marks it unusable).
    const saved = typeof request.method === 'string' ? null : request.method;
    if (saved?.detachedAt) throw new AppError('payment.method_detached');
    // Bizum is paid by the customer on the provider's page: never for a charge made without them.
    if (request.method === 'bizum' && request.offSession) throw new AppError('payment.bizum_unavailable');
    const { lines, appliedCents } = withBalance(request.lines, await balance());
    const amountCents = quoteTotals(lines).totalCents;
    const creditToBalance = request.creditToBalanceCents ?? 0;
    // Nothing to pay is fine when a credit paid for it (the balance, or a plan change's own credit) or a
    // coupon took it all off (Stripe's 0 invoice, without a charge); never below zero.
    const covered = appliedCents > 0 || request.creditToBalanceCents !== undefined || lines.some((l) => l.discount);
    if (amountCents < 0 || (amountCents === 0 && !covered)) throw new AppError('payment.nothing_to_charge');
    // What the invoice must name the buyer by is asked before charging: a purchase of a Business
    // account (or past the simplified invoice's limit) names the tax id and address. A renewal
    // goes on as its subscription was bought.
    const fullInvoice = amountCents > SIMPLIFIED_INVOICE_LIMIT_CENTS;
    if (request.purpose !== 'renewal') {
      const missing = await billingGaps(repo.db, request.userId, fullInvoice);
      if (missing.includes('taxId') && fullInvoice)
        throw new AppError('billing.tax_id_required', { limit: `${SIMPLIFIED_INVOICE_LIMIT_CENTS / 100} €` });
      if (missing.length > 0) throw new AppError('billing.details_required');
    }
    // Over the simplified-invoice limit the invoice must name the buyer's tax id.
    if (!(await canInvoiceUser(repo.db, request.userId, amountCents)))
      throw new AppError('billing.tax_id_required', { limit: `${SIMPLIFIED_INVOICE_LIMIT_CENTS / 100} €` });

    // The promotion code's redemption is held before anything is charged: the last one goes to one charge only.
    const reservation = { userId: request.userId, idempotencyKey: request.idempotencyKey };
    if (request.coupon)
      await coupons.reserve({
        ...reservation,
        discount: request.coupon.discount,
        amountOffCents: request.coupon.amountOffCents,
        subscriptionId: request.coupon.forPlan ? request.subscriptionId : null,
      });
    let outcome: PaymentOutcome | { status: 'succeeded'; ref: null } | { status: 'requires_action'; ref: null; clientSecret: null };
    try {
      // Keys are per customer; the provider sees one account (ours), so it gets the customer's key.
      // Nothing to pay (a credit paid it all): the provider is not asked; nor when the customer pays it from its page later.
      outcome =
        amountCents === 0
          ? { status: 'succeeded', ref: null }
          : request.method === 'customer_link'
            ? { status: 'requires_action', ref: null, clientSecret: null }
            : await provider.charge({
                customer: await providerCustomer(request.userId),
                methodRef: saved ? saved.providerToken : BIZUM_METHOD_REF,
                amountCents,
                currency: 'EUR',
                idempotencyKey: `${request.userId}:${request.idempotencyKey}`,
                offSession: request.offSession === true,
                description: request.description.en,
              });
    } catch (error) {
      if (request.coupon) await coupons.release(reservation);
      if (error instanceof ProviderIdempotencyError) throw new AppError('payment.idempotency_mismatch');
      throw error;
    }
    const resume: PaymentResume = {
      args: request.resume ?? null,
      locale: request.locale,
      lines: storeLines(lines),
      taxRule: request.taxRule,
      appliedCents,
      creditToBalanceCents: request.creditToBalanceCents ?? null,
    };
    const base = {
      userId: request.userId,
      methodId: saved?.id ?? null,
      subscriptionId: request.subscriptionId,
      idempotencyKey: request.idempotencyKey,
      amountCents,
      currency: 'EUR',
      purpose: request.purpose,
      description: request.description,
      methodBrand: saved ? saved.brand : request.method === 'bizum' ? 'bizum' : null,
      methodLast4: saved?.last4 ?? null,
      provider: provider.name,
      providerChargeRef: outcome.ref,
      // The product's clock (a test clock may be ahead): the invoice is dated from the payment.
      createdAt: clock(),
    } as const;
    const again = async () => {
      const row = (await repo.paymentByKey(request.userId, request.idempotencyKey))!;
      return row.status === 'requires_action' ? complete(row, request) : replay(row, amountCents);
    };

    if (outcome.status === 'failed') {
      const failureCode = `payment.${outcome.reason}` as const;
      const failed = await repo.transaction(async (tx) => {
        const row = await repo.insertPayment(tx, { ...base, status: 'failed', failureCode });
        if (row) await events.publish('payment.failed', { paymentId: row.id, userId: request.userId, amountCents, currency: 'EUR' }, tx);
        return row;
      });
      if (!failed) return again();
      if (request.coupon) await coupons.release(reservation);
      throw new AppError(failureCode);
    }

    if (outcome.status === 'requires_action') {
      const waiting = await repo.transaction((tx) =>
        repo.insertPayment(tx, { ...base, status: 'requires_action', nextActionSecret: outcome.clientSecret, resume }),
      );
      return waiting ?? again();
    }

    const status = outcome.status;
    const paid = await repo
      .transaction(async (tx) => {
        // The balance is read again under its lock: a concurrent charge that used it first wins, this one stops before recording.
        if (appliedCents > 0 && (await repo.lockBalance(tx, request.userId)) < appliedCents) throw new AppError('request.conflict');
        // Every payment keeps what it paid for, to undo it if the money does not stay: a debit returned
        // (`payments.sweep`), a dispute lost (disputes.ts).
        const row = await repo.insertPayment(tx, { ...base, status, resume });
        if (!row) return undefined; // a concurrent request with the same key recorded it
        return deliver(tx, row, request, { lines, appliedCents, creditToBalance, locale: request.locale, taxRule: request.taxRule });
      })
      .catch(async (error: unknown) => {
        // Nothing was recorded (a concurrent charge used the balance first): the code's redemption is given back.
        if (request.coupon) await coupons.release(reservation);
        throw error;
      });
    return paid ?? again();
  }
  return charge;
}
