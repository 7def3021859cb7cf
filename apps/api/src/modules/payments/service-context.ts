import type {
  Locale,
  Payment,
  PaymentDetail,
  PaymentDispute,
  PaymentMethod,
  PaymentNextAction,
  PriceQuote,
  SubscriptionData,
} from '@enlaza/contracts';
import type { CatalogueSnapshots, LocalisedText } from '../catalogue/index.js';
import { AppError } from '../../lib/errors.js';
import { localName } from '../../lib/catalogue-names.js';
import { translate } from '../../lib/i18n.js';
import type { Actor } from '../../platform/actor.js';
import {
  quoteTotals,
  taxTreatment,
  type ChargedBeforeTax,
  type ChosenTax,
  type CreditNoteSummary,
  type InvoiceLineInput,
  type IssueInvoice,
  type TaxPosition,
  type TaxPositionFor,
  type TaxPositionOf,
  type TaxTreatment,
} from '../invoices/index.js';
import type { EventBus } from '../../platform/events.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { CouponTarget, CouponsService, Discount } from '../coupons/index.js';
import type { PaymentProvider, ProviderCustomer } from './provider.js';
import type { DisputeRow } from './dispute-queries.js';
import type { PaymentMethodRow, PaymentRow, PaymentsRepository } from './repository.js';

export type Texts = { en: string; es: string; jp: string };
/** A purchase's way to pay as the customer chose it: a saved method's id, or Bizum once. */
export type PayWith = { methodId?: string | undefined; bizum?: true | undefined };
export type PaymentsDeps = {
  repo: PaymentsRepository;
  /** The sellable catalogue, kept in memory per catalogue version (the catalogue module's). */
  catalogue: CatalogueSnapshots;
  provider: PaymentProvider;
  /** The domain events a payment publishes in its transaction (the notifications module tells the customer). */
  events: Pick<EventBus, 'publish'>;
  /** `datasuscription` of the subscriptions module (read after a change commits). */
  subscriptionData: (user: { id: string; role: 'admin' | 'user' }, now: Date, locale: Locale) => Promise<SubscriptionData>;
  /** The invoices module's issuer (this app's), called inside the payment's transaction. */
  issueInvoice: IssueInvoice;
  /** The invoices module's reading of what an invoice charged and what was credited back (for proration). */
  chargedBeforeTax: ChargedBeforeTax;
  /** The invoices module's reading of where a buyer is for tax (the VAT rule of each sale follows from it)… */
  taxPositionOf: TaxPositionOf;
  /** …and of the same from their country and tax id, read already (the plans page's one statement reads them). */
  taxPositionFor: TaxPositionFor;
  /** The clock (a test clock may pass another). */
  now?: () => Date;
  /** The seller's calendar (SELLER_TIME_ZONE): a billing anchor's day and hour are kept on it; UTC when not given. */
  timeZone?: string;
  /** The access check (platform/access.ts): a payment method named in a request must be the customer's. */
  requireAccess: RequireAccess;
  /** The seller's legal name: the creditor a SEPA mandate names. */
  creditorName?: string;
  /** Stripe's publishable key for the browser (null for the sandbox and Redsys). */
  publishableKey?: string | null;
  /** The coupons module's checkout side: a promotion code's discount, reserved while charging, confirmed once paid. */
  coupons: CouponsService;
};

export const texts = (f: (locale: Locale) => string): Texts => ({ en: f('en'), es: f('es'), jp: f('jp') });
export const names = (item: { name: string; names?: LocalisedText | null }) => texts((l) => localName(item, l));

/** One invoice line of `amountCents` taxed as `tax` says, for the period of service `period` (none: a one-off). */
export const taxLine = (
  tax: TaxTreatment,
  description: Texts,
  amountCents: number,
  period?: { start: Date; end: Date },
): InvoiceLineInput => ({
  description,
  quantity: 1,
  unitAmountCents: amountCents,
  taxId: tax.taxId,
  taxName: tax.taxName,
  taxRateBasisPoints: tax.rateBasisPoints,
  ...(period ? { period } : {}),
});

/** A price with its tax as the invoice will compute it, and the rule that taxed it. */
export function priceQuote(tax: TaxTreatment, amountCents: number): PriceQuote {
  const totals = quoteTotals([taxLine(tax, { en: '', es: '', jp: '' }, amountCents)]);
  return {
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    totalCents: totals.totalCents,
    taxName: tax.taxName,
    taxRateBasisPoints: tax.rateBasisPoints,
    taxRule: tax.rule,
  };
}

/** The end of the current calendar month (UTC): how long an add-on bought on the Free plan lasts. */
export const endOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

export function toMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    kind: row.kind,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    holder: row.holder,
    isDefault: row.isDefault,
    usable: row.detachedAt === null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A payment's dispute as the screens show it. */
export const toDispute = (row: DisputeRow | undefined): PaymentDispute | null =>
  row
    ? {
        status: row.status,
        reason: row.reason,
        amountCents: row.amountCents,
        evidenceDueBy: row.evidenceDueBy?.toISOString() ?? null,
        closedAt: row.closedAt?.toISOString() ?? null,
        creditNoteNumber: row.creditNoteNumber,
      }
    : null;

/**
 * A payment as its customer sees it; `creditNotes` are its invoice's (none for a new payment), `outside`
 * what happened to it at the provider (its latest dispute, what was refunded in its dashboard).
 */
export function toPayment(
  row: PaymentRow,
  locale: Locale,
  creditNotes: CreditNoteSummary[] = [],
  outside: { dispute?: DisputeRow | undefined; refundedAtProviderCents?: number | undefined } = {},
): Payment {
  return {
    id: row.id,
    amountCents: row.amountCents,
    refundedCents: row.refundedCents,
    currency: 'EUR',
    status: row.status,
    purpose: row.purpose,
    description: row.description[locale] || row.description.en,
    methodBrand: row.methodBrand,
    methodLast4: row.methodLast4,
    failureCode: row.failureCode,
    failureMessage: row.failureCode ? translate(locale, row.failureCode) : null,
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    creditNotes,
    refundedAtProviderCents: outside.refundedAtProviderCents ?? 0,
    dispute: toDispute(outside.dispute),
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a charge the customer started answers: the payment, the subscription after it, and what completes a payment waiting for them. */
export type ChargeAnswer = { payment: Payment; subscription: SubscriptionData; nextAction?: PaymentNextAction };

export const customerLocale = (customer: { locale: Locale | null }, actor: Actor): Locale => customer.locale ?? actor.locale;

/**
 * What every part of the payments service stands on: its dependencies, the clock, and the checks
 * and tax readings they share (checkout, plan changes, add-ons, renewals, cards).
 */
export function createPaymentsContext({
  repo,
  catalogue,
  provider,
  events,
  subscriptionData,
  issueInvoice,
  chargedBeforeTax,
  taxPositionOf,
  taxPositionFor,
  now: clock = () => new Date(),
  timeZone = 'UTC',
  requireAccess,
  creditorName = '',
  publishableKey = null,
  coupons,
}: PaymentsDeps) {
  /**
   * The tax an offer or add-on names (none, or no longer active: the catalogue's default one), by
   * its name in `locale` for a quote, by its stored name for an invoice line.
   */
  async function chosenTax(taxId: string | null, locale?: Locale): Promise<ChosenTax> {
    const tax = (taxId ? await repo.activeTax(taxId) : undefined) ?? (await repo.defaultTax());
    return {
      id: tax?.id ?? null,
      name: tax ? (locale ? localName(tax, locale) : tax.name) : '',
      rateBasisPoints: tax?.rateBasisPoints ?? 0,
    };
  }

  /** Where the user is for tax now (one statement; two for a consumer elsewhere in the EU); each sale's VAT follows from it (`taxOf`). */
  const positionOf = (userId: string) => taxPositionOf(repo.db, userId);

  /** The VAT of selling `amountCents` of something that names `taxId` to a buyer in `position`. */
  const taxOf = async (position: TaxPosition, taxId: string | null, amountCents: number, locale?: Locale): Promise<TaxTreatment> =>
    taxTreatment({ ...position, chosen: await chosenTax(taxId, locale), baseCents: amountCents, ...(locale ? { locale } : {}) });

  async function requireCustomer(actor: Actor) {
    if (actor.role !== 'user') throw new AppError('auth.forbidden');
    const customer = await repo.customer(actor.id);
    if (!customer) throw new AppError('record.not_found');
    return customer;
  }

  /** The customer as the provider knows them: created there on first use, its reference kept. */
  async function providerCustomer(userId: string): Promise<ProviderCustomer> {
    const user = await repo.customer(userId);
    if (!user) throw new AppError('record.not_found');
    const known = await repo.providerCustomerRef(userId, provider.name);
    const customer = { userId, email: user.email, name: user.name, providerCustomerRef: known };
    if (known) return customer;
    const ref = await provider.ensureCustomer(customer);
    await repo.saveProviderCustomerRef(userId, provider.name, ref);
    return { ...customer, providerCustomerRef: (await repo.providerCustomerRef(userId, provider.name)) ?? ref };
  }

  async function requireMethod(userId: string, methodId: string) {
    await requireAccess({ id: userId }, 'payment_method', methodId);
    return afterAccess(await repo.findMethod(userId, methodId));
  }

  /**
   * How a purchase the customer makes now is paid: their saved method, or Bizum once where the
   * provider offers it (else 422 `payment.bizum_unavailable`). The contracts ask for exactly one.
   */
  async function payingWith(userId: string, input: PayWith): Promise<PaymentMethodRow | 'bizum'> {
    if (input.bizum) {
      if (!provider.bizum) throw new AppError('payment.bizum_unavailable');
      return 'bizum';
    }
    if (!input.methodId) throw new Error('a purchase is paid with a saved method or Bizum');
    return requireMethod(userId, input.methodId);
  }

  /** What completes a payment waiting for the customer (their authentication, in the provider's component); null otherwise. */
  const nextActionOf = (row: PaymentRow): PaymentNextAction =>
    // Waiting for the customer to pay it from its page (no card to charge): nothing at the provider yet.
    row.status === 'requires_action' && (row.nextActionSecret || row.providerChargeRef)
      ? { kind: 'authenticate', provider: provider.name, clientSecret: row.nextActionSecret ?? row.providerChargeRef ?? '', publishableKey }
      : null;

  /** A charge's answer to the customer who started it. */
  async function answer(row: PaymentRow, locale: Locale): Promise<ChargeAnswer> {
    const next = nextActionOf(row);
    return {
      payment: toPayment(row, locale),
      subscription: await subscriptionData({ id: row.userId, role: 'user' }, clock(), locale),
      ...(next ? { nextAction: next } : {}),
    };
  }

  /** The offer, if this customer may buy it (another account type's offer is as unknown as a missing one). */
  async function visibleOffer(offerId: string, accountTypeId: string | null) {
    const found = await repo.offer(offerId);
    if (!found || !found.offer.active || !found.plan.active || (found.offer.accountTypeId && found.offer.accountTypeId !== accountTypeId))
      throw new AppError('record.not_found');
    return found;
  }

  /** The running subscription with its offer's period, for comparing and prorating. */
  async function current(userId: string) {
    const running = await repo.running(userId);
    if (!running) return undefined;
    const offer = running.subscription.offerId ? await repo.offer(running.subscription.offerId) : undefined;
    return { ...running, offer: offer?.offer ?? null, period: offer?.period ?? null };
  }

  /** The discount of the code the customer typed for this purchase (none typed: none); a bad code is a 422 on the field. */
  async function discountFor(
    userId: string,
    code: string | undefined,
    target: CouponTarget,
    idempotencyKey?: string,
  ): Promise<Discount | undefined> {
    if (!code) return undefined;
    return coupons.resolve({ code, userId, target, hasPaid: () => repo.hasPaid(userId), ...(idempotencyKey ? { idempotencyKey } : {}) });
  }

  return {
    repo,
    coupons,
    discountFor,
    catalogue,
    provider,
    events,
    subscriptionData,
    issueInvoice,
    chargedBeforeTax,
    taxPositionFor,
    clock,
    timeZone,
    creditorName,
    publishableKey,
    providerCustomer,
    nextActionOf,
    answer,
    positionOf,
    taxOf,
    requireCustomer,
    requireMethod,
    payingWith,
    requireAccess,
    visibleOffer,
    current,
  };
}

export type PaymentsContext = ReturnType<typeof createPaymentsContext>;

/** What the routes of a payment waiting for its customer share (pending-payments.ts hands them to each). */
export type PendingPaymentSteps = {
  /** The customer's own payment (another's is 404). */
  ownPayment: (actor: Actor, id: string) => Promise<PaymentRow>;
  detail: (row: PaymentRow, locale: Locale) => Promise<PaymentDetail>;
  confirmPayment: (actor: Actor, id: string, locale: Locale) => Promise<PaymentDetail>;
};
