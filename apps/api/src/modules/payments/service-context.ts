import type { Locale, Payment, PaymentMethod, PriceQuote, SubscriptionData } from '@enlaza/contracts';
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
import type { PaymentProvider } from './provider.js';
import type { PaymentMethodRow, PaymentRow, PaymentsRepository } from './repository.js';

export type Texts = { en: string; es: string; jp: string };
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
  /** The access check (platform/access.ts): a payment method named in a request must be the customer's. */
  requireAccess: RequireAccess;
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
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    holder: row.holder,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A payment as its customer sees it; `creditNotes` are its invoice's (none for a new payment). */
export function toPayment(row: PaymentRow, locale: Locale, creditNotes: CreditNoteSummary[] = []): Payment {
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
    createdAt: row.createdAt.toISOString(),
  };
}

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
  requireAccess,
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

  async function requireMethod(userId: string, methodId: string) {
    await requireAccess({ id: userId }, 'payment_method', methodId);
    return afterAccess(await repo.findMethod(userId, methodId));
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

  return {
    repo,
    catalogue,
    provider,
    events,
    subscriptionData,
    issueInvoice,
    chargedBeforeTax,
    taxPositionFor,
    clock,
    positionOf,
    taxOf,
    requireCustomer,
    requireMethod,
    visibleOffer,
    current,
  };
}

export type PaymentsContext = ReturnType<typeof createPaymentsContext>;
