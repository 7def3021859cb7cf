import {
  okResponse,
  plansCatalogueSchema,
  type AddCardInput,
  type AddOnsCatalogue,
  type CheckoutQuote,
  type Locale,
  type MyPlan,
  type Payment,
  type PaymentMethod,
  type PlansCatalogue,
  type PriceQuote,
  type SubscriptionData,
  type TaxRule,
} from '@enlaza/contracts';
import type { Transaction } from '../../db/client.js';
import type { CatalogueSnapshot, CatalogueSnapshots, LocalisedText } from '../catalogue/index.js';
import { AppError } from '../../lib/errors.js';
import { localName } from '../../lib/catalogue-names.js';
import { translate } from '../../lib/i18n.js';
import type { Actor } from '../../platform/actor.js';
import {
  canInvoiceUser,
  quoteTotals,
  SIMPLIFIED_INVOICE_LIMIT_CENTS,
  taxTreatment,
  type ChargedBeforeTax,
  type ChosenTax,
  type InvoiceLineInput,
  type IssueInvoice,
  type TaxPosition,
  type TaxPositionFor,
  type TaxPositionOf,
  type TaxTreatment,
} from '../invoices/index.js';
import { recordSubscriptionEvent } from '../subscriptions/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { ProviderIdempotencyError, type PaymentProvider } from './provider.js';
import { prorationCredit } from './proration.js';
import { anchoredDate } from './billing-anchor.js';
import { createServiceEnd } from './service-end.js';
import type { PaymentMethodRow, PaymentRow, PaymentsRepository, PeriodRow, PlanRow, SubscriptionRow } from './repository.js';
import type { PaymentPurpose } from './schema.js';
import { PlansAnswers, type PlansState } from './plans-answers.js';
import { PreparedBody } from '../../platform/compression.js';

type Texts = { en: string; es: string; jp: string };
type Deps = {
  repo: PaymentsRepository;
  /** The sellable catalogue, kept in memory per catalogue version (the catalogue module's). */
  catalogue: CatalogueSnapshots;
  provider: PaymentProvider;
  notifications: Pick<NotificationsService, 'notify'>;
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
};

const texts = (f: (locale: Locale) => string): Texts => ({ en: f('en'), es: f('es'), jp: f('jp') });
const names = (item: { name: string; names?: LocalisedText | null }) => texts((l) => localName(item, l));

/** One invoice line of `amountCents` taxed as `tax` says, for the period of service `period` (none: a one-off). */
const taxLine = (tax: TaxTreatment, description: Texts, amountCents: number, period?: { start: Date; end: Date }): InvoiceLineInput => ({
  description,
  quantity: 1,
  unitAmountCents: amountCents,
  taxId: tax.taxId,
  taxName: tax.taxName,
  taxRateBasisPoints: tax.rateBasisPoints,
  ...(period ? { period } : {}),
});

/** A price with its tax as the invoice will compute it, and the rule that taxed it. */
function priceQuote(tax: TaxTreatment, amountCents: number): PriceQuote {
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

/** Which way a change goes: a bigger plan (or a longer period of the same plan) is an upgrade, charged now. */
export function changeKind(
  current: { plan: Pick<PlanRow, 'id' | 'isFree' | 'sortOrder'>; period: Pick<PeriodRow, 'months'> | null; offerId: string | null },
  target: { plan: Pick<PlanRow, 'id' | 'sortOrder'>; period: Pick<PeriodRow, 'months'>; offerId: string },
): 'current' | 'upgrade' | 'downgrade' {
  if (current.offerId === target.offerId) return 'current';
  if (current.plan.isFree) return 'upgrade';
  if (target.plan.sortOrder !== current.plan.sortOrder) return target.plan.sortOrder > current.plan.sortOrder ? 'upgrade' : 'downgrade';
  if (target.plan.id !== current.plan.id) return target.plan.id > current.plan.id ? 'upgrade' : 'downgrade';
  return target.period.months > (current.period?.months ?? 0) ? 'upgrade' : 'downgrade';
}

/**
 * The plans page of a state (see plans-answers.ts) from the catalogue snapshot of its version: the
 * offers of the customer's account type by plan, with tax and quotas, the current plan and offer
 * marked and which way each change goes. Reads nothing but its two arguments, so equal states give
 * equal answers (and the kept answer of a state is right for every request with that state).
 */
export function buildPlans(snapshot: CatalogueSnapshot, state: PlansState): PlansCatalogue {
  const { locale, running } = state;
  // Offers without an account type are for everyone.
  const rows = snapshot.offers.filter(({ offer }) => offer.accountTypeId === null || offer.accountTypeId === state.accountTypeId);
  const currentOfferId = running?.offerId ?? null;
  const current = running && {
    plan: { id: running.planId, isFree: running.planIsFree, sortOrder: running.planSortOrder },
    period: running.periodMonths === null ? null : { months: running.periodMonths },
    offerId: currentOfferId,
  };
  // The offer's own tax (an inactive one: the default), under the customer's VAT rule.
  const quote = (cents: number, taxId: string | null): PriceQuote => {
    const tax = (taxId ? snapshot.taxes.get(taxId) : undefined) ?? snapshot.defaultTax;
    const chosen = { id: tax?.id ?? null, name: tax ? localName(tax, locale) : '', rateBasisPoints: tax?.rateBasisPoints ?? 0 };
    return priceQuote(taxTreatment({ ...state.tax, chosen, baseCents: cents, locale }), cents);
  };
  const periods = new Map<string, PlansCatalogue['periods'][number]>();
  const byPlan = new Map<string, PlansCatalogue['plans'][number]>();
  for (const plan of snapshot.plans) {
    const isCurrent = current?.plan.id === plan.id;
    byPlan.set(plan.id, {
      id: plan.id,
      code: plan.code,
      name: localName(plan, locale),
      description: plan.descriptions?.[locale] ?? plan.descriptions?.en ?? '',
      isFree: plan.isFree,
      limits: { profiles: plan.maxProfiles, tags: plan.maxTags, storageBytes: plan.storageBytes, sendsPerMonth: plan.sendsPerMonth },
      current: isCurrent,
      change: isCurrent
        ? 'current'
        : !current || current.plan.isFree
          ? plan.isFree
            ? 'none'
            : 'upgrade'
          : plan.sortOrder > current.plan.sortOrder
            ? 'upgrade'
            : 'downgrade',
      offers: [],
    });
  }
  for (const { offer, plan, period } of rows) {
    const view = byPlan.get(plan.id);
    if (!view) continue;
    const p = { id: period.id, code: period.code, name: localName(period, locale), months: period.months };
    periods.set(period.id, p);
    view.offers.push({
      id: offer.id,
      period: p,
      priceCents: offer.priceCents,
      currency: 'EUR',
      price: quote(offer.priceCents, offer.taxId),
      current: offer.id === currentOfferId,
      change: current ? changeKind(current, { plan, period, offerId: offer.id }) : 'upgrade',
    });
  }
  const plans = [...byPlan.values()].filter((p) => p.isFree || p.offers.length > 0);
  return {
    periods: [...periods.values()].sort((a, b) => a.months - b.months),
    plans,
    currentPlanId: current?.plan.id ?? null,
    currentOfferId,
  };
}

/** The route's answer schema: a kept answer is validated with it once, when it is made. */
const plansResponse = okResponse(plansCatalogueSchema);

/** The end of the current calendar month (UTC): how long an add-on bought on the Free plan lasts. */
const endOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));

export function createPaymentsService({
  repo,
  catalogue,
  provider,
  notifications,
  subscriptionData,
  issueInvoice,
  chargedBeforeTax,
  taxPositionOf,
  taxPositionFor,
  now: clock = () => new Date(),
}: Deps) {
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

  const plansAnswers = new PlansAnswers();

  /** What the plans page depends on besides the kept catalogue: one statement (repo.plansState). */
  async function plansState(actor: Actor, locale: Locale): Promise<PlansState> {
    if (actor.role !== 'user') throw new AppError('auth.forbidden');
    const row = await repo.plansState(actor.id);
    if (!row) throw new AppError('record.not_found');
    return {
      version: row.catalogueVersion,
      locale,
      accountTypeId: row.accountTypeId,
      // The distance sales are read only for a consumer elsewhere in the EU (one more query for them alone).
      tax: await taxPositionFor(repo.db, { country: row.taxCountry, taxId: row.taxId }),
      running:
        row.planId === null
          ? null
          : {
              planId: row.planId,
              planIsFree: row.planIsFree ?? false,
              planSortOrder: row.planSortOrder ?? 0,
              offerId: row.offerId,
              periodMonths: row.periodMonths,
            },
    };
  }

  function toMethod(row: PaymentMethodRow): PaymentMethod {
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

  function toPayment(row: PaymentRow, locale: Locale): Payment {
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
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function requireCustomer(actor: Actor) {
    if (actor.role !== 'user') throw new AppError('auth.forbidden');
    const customer = await repo.customer(actor.id);
    if (!customer) throw new AppError('record.not_found');
    return customer;
  }

  async function requireMethod(userId: string, methodId: string) {
    const method = await repo.findMethod(userId, methodId);
    if (!method) throw new AppError('record.not_found');
    return method;
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

  type ChargeRequest = {
    userId: string;
    method: PaymentMethodRow;
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
  };

  /**
   * The one charge path (checkout, upgrade, add-ons; the renewals of issue 11 reuse it):
   * 1. a key already used answers its first result (another amount is refused);
   * 2. the provider charges with the key (idempotent on its side too);
   * 3. a decline stores a failed payment row and its notification, and nothing else;
   * 4. a success commits, in ONE transaction: the payment row, the change it pays for, the
   *    notification and the invoice (last: its numbering lock is held until COMMIT).
   * Crash window: the provider has charged but the process dies before step 4 commits. Nothing is
   * recorded; the client retries with the same key, the provider answers the same charge without
   * charging again, and step 4 runs then. A charge whose client never retries stays at the provider
   * only (reconciliation against the provider's list of charges by key closes that gap).
   */
  async function charge(request: ChargeRequest): Promise<PaymentRow> {
    const totals = quoteTotals(request.lines);
    const amountCents = totals.totalCents;
    const first = await repo.paymentByKey(request.userId, request.idempotencyKey);
    if (first) return replay(first, amountCents);
    if (amountCents <= 0) throw new AppError('payment.nothing_to_charge');
    // Over the simplified-invoice limit the invoice must name the buyer's tax id: asked before charging.
    if (!(await canInvoiceUser(repo.db, request.userId, amountCents)))
      throw new AppError('billing.tax_id_required', { limit: `${SIMPLIFIED_INVOICE_LIMIT_CENTS / 100} €` });

    let result;
    try {
      // Keys are per customer; the provider sees one account (ours), so it gets the customer's key.
      result = await provider.charge(request.method.providerToken, amountCents, 'EUR', `${request.userId}:${request.idempotencyKey}`);
    } catch (error) {
      if (error instanceof ProviderIdempotencyError) throw new AppError('payment.idempotency_mismatch');
      throw error;
    }
    const base = {
      userId: request.userId,
      methodId: request.method.id,
      subscriptionId: request.subscriptionId,
      idempotencyKey: request.idempotencyKey,
      amountCents,
      currency: 'EUR',
      purpose: request.purpose,
      description: request.description,
      methodBrand: request.method.brand,
      methodLast4: request.method.last4,
      provider: provider.name,
      // The product's clock (a test clock may be ahead): the invoice is dated from the payment.
      createdAt: clock(),
    } as const;

    if (!result.ok) {
      const failureCode = `payment.${result.reason}` as const;
      const failed = await repo.transaction(async (tx) => {
        const row = await repo.insertPayment(tx, { ...base, status: 'failed', failureCode });
        if (row)
          await notifications.notify(
            request.userId,
            'payment_failed',
            { paymentId: row.id, amountCents, currency: 'EUR' },
            tx,
            `payment:${row.id}`,
          );
        return row;
      });
      if (!failed) return replay((await repo.paymentByKey(request.userId, request.idempotencyKey))!, amountCents);
      throw new AppError(failureCode);
    }

    const paid = await repo.transaction(async (tx) => {
      const row = await repo.insertPayment(tx, { ...base, status: 'succeeded', providerChargeRef: result.chargeRef });
      if (!row) return undefined; // a concurrent request with the same key recorded it
      await request.apply(tx, row);
      await notifications.notify(
        request.userId,
        'payment_succeeded',
        { paymentId: row.id, amountCents, currency: 'EUR' },
        tx,
        `payment:${row.id}`,
      );
      // The invoice last: from its numbering to COMMIT every other issuer of the series waits, so
      // nothing that can run before it (the change, the notification) runs after it.
      const invoice = await issueInvoice(tx, {
        userId: request.userId,
        paymentId: row.id,
        currency: 'EUR',
        locale: request.locale,
        issuedAt: row.createdAt,
        lines: request.lines,
        taxRule: request.taxRule,
      });
      return repo.setInvoice(tx, row.id, invoice.id, invoice.number);
    });
    if (!paid) return replay((await repo.paymentByKey(request.userId, request.idempotencyKey))!, amountCents);
    return paid;
  }

  /** The first result of a customer's key: the same payment, or its failure again; another amount is refused. */
  function replay(first: PaymentRow, amountCents: number): PaymentRow {
    if (first.amountCents !== amountCents) throw new AppError('payment.idempotency_mismatch');
    if (first.status === 'failed') throw new AppError((first.failureCode ?? 'payment.card_declined') as 'payment.card_declined');
    return first;
  }

  const customerLocale = (customer: { locale: Locale | null }, actor: Actor): Locale => customer.locale ?? actor.locale;

  /**
   * What the customer paid, before tax, for the running period: the plan charged on the invoice of
   * the payment that bought it (at the price of that day, whatever the catalogue says now), less
   * what credit notes have refunded of that invoice since. A credit carried from an earlier plan
   * into that invoice does not lower it: that credit paid for this period too (crediting only the
   * cash would charge twice for the days already credited). No payment for the period (a plan
   * given without charge) is nothing to credit.
   */
  async function paidForPeriod(subscriptionId: string, periodStart: Date): Promise<number> {
    const payment = await repo.periodPayment(subscriptionId, periodStart);
    if (!payment?.invoiceId) return 0;
    const invoiced = await chargedBeforeTax(payment.invoiceId);
    if (!invoiced) return 0;
    return Math.max(0, invoiced.chargedCents - invoiced.creditedCents);
  }

  /** Lines of a checkout: the new offer and, for an upgrade, the credit for the unused part of the old one. */
  async function checkoutPlan(actor: Actor, offerId: string) {
    const customer = await requireCustomer(actor);
    const target = await visibleOffer(offerId, customer.accountTypeId);
    const now = clock();
    const running = await current(actor.id);
    const kind = running
      ? changeKind(
          { plan: running.plan, period: running.period, offerId: running.subscription.offerId },
          { plan: target.plan, period: target.period, offerId: target.offer.id },
        )
      : 'upgrade';
    if (kind === 'current') throw new AppError('subscription.already_on_offer');
    if (kind === 'downgrade') throw new AppError('subscription.downgrade_at_period_end');
    const periodName = (l: Locale) => `${localName(target.plan, l)} (${localName(target.period, l)})`;
    // The offer's tax under the customer's VAT rule; the credit for the old plan goes on the same invoice, under the same rule.
    const position = await positionOf(actor.id);
    const tax = await taxOf(position, target.offer.taxId, target.offer.priceCents);
    // A new paid cycle anchored now: its periods end on this day of the month (see billing-anchor.ts).
    const periodEnd = anchoredDate(now, target.period.months);
    const lines = [
      taxLine(
        tax,
        texts((l) => translate(l, 'billing.line_plan', { plan: periodName(l) })),
        target.offer.priceCents,
        {
          start: now,
          end: periodEnd,
        },
      ),
    ];
    const paidPlan = running && !running.plan.isFree && running.offer && running.period && running.subscription.currentPeriodEnd;
    let credit = 0;
    if (paidPlan && running.offer && running.period && running.subscription.currentPeriodEnd) {
      credit = prorationCredit({
        paidCents: await paidForPeriod(running.subscription.id, running.subscription.currentPeriodStart),
        periodStart: running.subscription.currentPeriodStart,
        periodEnd: running.subscription.currentPeriodEnd,
        at: now,
      }).creditCents;
      const old = running;
      const oldName = (l: Locale) => `${localName(old.plan, l)} (${localName(old.period!, l)})`;
      if (credit > 0)
        lines.push(
          taxLine(
            tax,
            texts((l) => translate(l, 'billing.line_credit', { plan: oldName(l) })),
            -credit,
            // The unused part of the old period.
            { start: now, end: running.subscription.currentPeriodEnd },
          ),
        );
    }
    return {
      customer,
      target,
      running,
      position,
      tax,
      lines,
      kind: paidPlan ? ('upgrade' as const) : ('new' as const),
      now,
      periodEnd,
      periodName,
    };
  }

  /** Called after a user's default card changed (a new default card, or another chosen): renewals retry a past-due one. */
  const defaultMethodListeners: ((userId: string) => Promise<void>)[] = [];
  async function defaultMethodChanged(userId: string) {
    for (const listener of defaultMethodListeners) await listener(userId);
  }

  return {
    provider,
    charge,

    // ---- for the invoices module: a full credit ends the service the payment paid for
    endServiceOf: createServiceEnd(repo),

    // ---- for the renewals module
    onDefaultMethodChanged(listener: (userId: string) => Promise<void>) {
      defaultMethodListeners.push(listener);
    },
    defaultMethod: (userId: string) => repo.defaultMethod(userId),
    /** The offer, plan and period of a scheduled downgrade (none: undefined). */
    pendingChange: (subscriptionId: string) => repo.pendingChange(subscriptionId),
    unschedule: (tx: Transaction, subscriptionId: string) => repo.unschedule(tx, subscriptionId),

    /**
     * Charges one period of an offer to the user's default card with `idempotencyKey` (the renewal
     * of issue 11): the payment, `apply` (the subscription's new period), the invoice and the
     * notification commit together; a decline stores the failed payment and notifies it.
     * Answers the payment, or why it could not be charged (no card, or the decline's code).
     */
    async chargeOffer(input: {
      userId: string;
      subscriptionId: string;
      offerId: string;
      idempotencyKey: string;
      methodId?: string;
      /** The period it pays for (printed on the invoice's line). */
      period: { start: Date; end: Date };
      apply: (tx: Transaction, payment: PaymentRow) => Promise<void>;
    }): Promise<{ ok: true; payment: PaymentRow } | { ok: false; code: string }> {
      const [customer, method, found] = await Promise.all([
        repo.customer(input.userId),
        input.methodId ? repo.findMethod(input.userId, input.methodId) : repo.defaultMethod(input.userId),
        repo.offer(input.offerId),
      ]);
      if (!customer || !found) throw new Error(`renewal of ${input.subscriptionId}: user or offer missing`);
      if (!method) return { ok: false, code: 'payment.no_method' };
      const periodName = (l: Locale) => `${localName(found.plan, l)} (${localName(found.period, l)})`;
      const tax = await taxOf(await positionOf(input.userId), found.offer.taxId, found.offer.priceCents);
      try {
        const payment = await charge({
          userId: input.userId,
          method,
          idempotencyKey: input.idempotencyKey,
          purpose: 'renewal',
          description: texts(periodName),
          subscriptionId: input.subscriptionId,
          locale: customer.locale ?? 'en',
          lines: [
            taxLine(
              tax,
              texts((l) => translate(l, 'billing.line_plan', { plan: periodName(l) })),
              found.offer.priceCents,
              input.period,
            ),
          ],
          taxRule: tax.rule,
          apply: input.apply,
        });
        return { ok: true, payment };
      } catch (error) {
        if (error instanceof AppError && error.code.startsWith('payment.')) return { ok: false, code: error.code };
        throw error;
      }
    },

    // ---- methods
    async listMethods(actor: Actor): Promise<PaymentMethod[]> {
      await requireCustomer(actor);
      return (await repo.listMethods(actor.id)).map(toMethod);
    },

    /** The number goes to the provider only; the app keeps its token, brand, last four and expiry. */
    async addMethod(actor: Actor, input: AddCardInput & { number: string; expMonth: number; expYear: number }): Promise<PaymentMethod> {
      await requireCustomer(actor);
      const saved = await provider.saveCard({
        number: input.number,
        expMonth: input.expMonth,
        expYear: input.expYear,
        cvc: input.cvc,
        holder: input.holder,
      });
      if (!saved.ok) throw new AppError(`payment.${saved.reason}`, {}, { number: [{ code: `payment.${saved.reason}` }] });
      const row = await repo.transaction(async (tx) => {
        const existing = await repo.defaultMethod(actor.id, tx);
        const method = await repo.insertMethod(tx, {
          userId: actor.id,
          provider: provider.name,
          providerToken: saved.card.token,
          brand: saved.card.brand,
          last4: saved.card.last4,
          expMonth: saved.card.expMonth,
          expYear: saved.card.expYear,
          holder: input.holder.trim(),
        });
        if (!existing || input.makeDefault) await repo.setDefault(tx, actor.id, method.id);
        return { ...method, isDefault: !existing || input.makeDefault === true };
      });
      if (row.isDefault) await defaultMethodChanged(actor.id);
      return toMethod(row);
    },

    async setDefaultMethod(actor: Actor, id: string): Promise<PaymentMethod> {
      await requireCustomer(actor);
      const method = await requireMethod(actor.id, id);
      await repo.transaction((tx) => repo.setDefault(tx, actor.id, id));
      await defaultMethodChanged(actor.id);
      return toMethod({ ...method, isDefault: true });
    },

    /** Removes a card (kept for the payments that name it); the oldest other card becomes the default. */
    async removeMethod(actor: Actor, id: string): Promise<void> {
      await requireCustomer(actor);
      const method = await requireMethod(actor.id, id);
      await repo.transaction(async (tx) => {
        await repo.removeMethod(tx, actor.id, id);
        if (method.isDefault) {
          const next = await repo.defaultMethod(actor.id, tx);
          if (next) await repo.setDefault(tx, actor.id, next.id);
        }
      });
    },

    // ---- plans
    /** The plans page built now from the database (no kept answer): the same data the route sends. */
    async plans(actor: Actor, locale: Locale): Promise<PlansCatalogue> {
      const state = await plansState(actor, locale);
      return buildPlans(await catalogue.of(state.version), state);
    },

    /**
     * The plans page as bytes, validated and serialised once per state (see plans-answers.ts): one
     * statement reads the state, the catalogue comes from memory, and a repeat of a state already
     * answered costs no building, validation, serialisation or compression. `hit` when it was kept.
     */
    async plansAnswer(actor: Actor, locale: Locale): Promise<{ body: PreparedBody; hit: boolean }> {
      const state = await plansState(actor, locale);
      const snapshot = await catalogue.of(state.version);
      return plansAnswers.get(
        state,
        () => new PreparedBody(Buffer.from(JSON.stringify(plansResponse.parse({ ok: 1, data: buildPlans(snapshot, state) })))),
      );
    },

    async quoteCheckout(actor: Actor, offerId: string, locale: Locale): Promise<CheckoutQuote> {
      const plan = await checkoutPlan(actor, offerId);
      const totals = quoteTotals(plan.lines);
      // The same rule and rate as the lines, by the tax's name in the reader's language.
      const tax = await taxOf(plan.position, plan.target.offer.taxId, plan.target.offer.priceCents, locale);
      return {
        kind: plan.kind,
        lines: plan.lines.map((l) => ({ description: l.description[locale], amountCents: l.unitAmountCents * l.quantity })),
        price: { ...priceQuote(tax, 0), subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents },
        periodStart: plan.now.toISOString(),
        periodEnd: plan.periodEnd.toISOString(),
      };
    },

    /**
     * Buys an offer now: from Free (or no running subscription) a new paid period; from a smaller
     * paid plan an upgrade with the unused part credited. Active as soon as the payment commits.
     */
    async checkout(
      actor: Actor,
      input: { offerId: string; methodId: string; idempotencyKey: string },
      locale: Locale,
    ): Promise<{ payment: Payment; subscription: SubscriptionData }> {
      const method = await requireMethod(actor.id, input.methodId);
      const existing = await repo.paymentByKey(actor.id, input.idempotencyKey);
      let payment: PaymentRow;
      let plan: Awaited<ReturnType<typeof checkoutPlan>> | undefined;
      try {
        plan = await checkoutPlan(actor, input.offerId);
      } catch (error) {
        // A retry after success: the subscription already changed, so the offer now reads as "current".
        const retried =
          existing &&
          existing.status === 'succeeded' &&
          existing.purpose !== 'add_on' &&
          error instanceof AppError &&
          error.code === 'subscription.already_on_offer';
        if (!retried) throw error;
      }
      if (!plan) payment = existing!;
      else {
        const chosen = plan;
        payment = await charge({
          userId: actor.id,
          method,
          idempotencyKey: input.idempotencyKey,
          purpose: chosen.kind === 'upgrade' ? 'upgrade' : 'subscription',
          description: texts(chosen.periodName),
          subscriptionId: chosen.running?.subscription.id ?? null,
          locale: customerLocale(chosen.customer, actor),
          lines: chosen.lines,
          taxRule: chosen.tax.rule,
          apply: async (tx, row) => {
            const values = {
              planId: chosen.target.plan.id,
              offerId: chosen.target.offer.id,
              status: 'active' as const,
              currentPeriodStart: chosen.now,
              currentPeriodEnd: chosen.periodEnd,
              billingAnchor: chosen.now,
              cancelAtPeriodEnd: false,
            };
            const locked = await repo.lockRunning(tx, actor.id);
            let subscription: SubscriptionRow;
            const detail = {
              fromPlan: chosen.running?.plan.code,
              toPlan: chosen.target.plan.code,
              periodStart: chosen.now.toISOString(),
              periodEnd: chosen.periodEnd.toISOString(),
              amountCents: row.amountCents,
              paymentId: row.id,
            };
            if (locked) {
              await repo.updateSubscription(tx, locked.id, values);
              await repo.unschedule(tx, locked.id);
              subscription = locked;
            } else subscription = await repo.insertSubscription(tx, { userId: actor.id, ...values });
            if (!row.subscriptionId) await repo.linkSubscription(tx, row.id, subscription.id);
            await recordSubscriptionEvent(tx, {
              subscriptionId: subscription.id,
              kind: chosen.kind === 'upgrade' ? 'upgraded' : 'created',
              detail,
              at: chosen.now,
            });
          },
        });
      }
      return { payment: toPayment(payment, locale), subscription: await subscriptionData({ id: actor.id, role: 'user' }, clock(), locale) };
    },

    // ---- my plan
    async myPlan(actor: Actor, locale: Locale): Promise<MyPlan> {
      await requireCustomer(actor);
      const [subscription, running, method] = await Promise.all([
        subscriptionData({ id: actor.id, role: 'user' }, clock(), locale),
        current(actor.id),
        repo.defaultMethod(actor.id),
      ]);
      const pending = running ? await repo.pendingChange(running.subscription.id) : undefined;
      const end = running?.subscription.currentPeriodEnd ?? null;
      return {
        subscription,
        offer:
          running?.offer && running.period
            ? {
                id: running.offer.id,
                periodName: localName(running.period, locale),
                months: running.period.months,
                price: priceQuote(
                  await taxOf(await positionOf(actor.id), running.offer.taxId, running.offer.priceCents, locale),
                  running.offer.priceCents,
                ),
              }
            : null,
        renewsAt: end && !running?.subscription.cancelAtPeriodEnd && !running?.plan.isFree ? end.toISOString() : null,
        pendingChange: pending
          ? {
              offerId: pending.offer.id,
              planName: localName(pending.plan, locale),
              periodName: localName(pending.period, locale),
              priceCents: pending.offer.priceCents,
              effectiveAt: end?.toISOString() ?? null,
            }
          : null,
        defaultMethod: method ? toMethod(method) : null,
      };
    },

    /** Ends the paid plan when the period ends (the renewal falls back to Free then); nothing changes now. */
    async cancelAtPeriodEnd(actor: Actor, cancel: boolean): Promise<void> {
      await requireCustomer(actor);
      const running = await repo.running(actor.id);
      if (!running || running.plan.isFree || !running.subscription.currentPeriodEnd) throw new AppError('subscription.no_paid_plan');
      await repo.transaction(async (tx) => {
        await repo.updateSubscription(tx, running.subscription.id, { cancelAtPeriodEnd: cancel });
        await recordSubscriptionEvent(tx, {
          subscriptionId: running.subscription.id,
          kind: cancel ? 'cancel_scheduled' : 'resumed',
          detail: { periodEnd: running.subscription.currentPeriodEnd?.toISOString() },
          at: clock(),
        });
      });
    },

    /** Stores a downgrade for the end of the period (applied by the renewal); replaces an earlier one. */
    async scheduleDowngrade(actor: Actor, offerId: string): Promise<void> {
      const customer = await requireCustomer(actor);
      const target = await visibleOffer(offerId, customer.accountTypeId);
      const running = await current(actor.id);
      if (!running || running.plan.isFree || !running.subscription.currentPeriodEnd) throw new AppError('subscription.no_paid_plan');
      const kind = changeKind(
        { plan: running.plan, period: running.period, offerId: running.subscription.offerId },
        { plan: target.plan, period: target.period, offerId: target.offer.id },
      );
      if (kind === 'current') throw new AppError('subscription.already_on_offer');
      if (kind === 'upgrade') throw new AppError('subscription.upgrade_now');
      await repo.transaction(async (tx) => {
        await repo.schedule(tx, running.subscription.id, target.offer.id);
        await recordSubscriptionEvent(tx, {
          subscriptionId: running.subscription.id,
          kind: 'downgrade_scheduled',
          detail: {
            fromPlan: running.plan.code,
            toPlan: target.plan.code,
            periodEnd: running.subscription.currentPeriodEnd?.toISOString(),
          },
          at: clock(),
        });
      });
    },

    async cancelDowngrade(actor: Actor): Promise<void> {
      await requireCustomer(actor);
      const running = await repo.running(actor.id);
      const removed = running
        ? await repo.transaction(async (tx) => {
            const done = await repo.unschedule(tx, running.subscription.id);
            if (done)
              await recordSubscriptionEvent(tx, { subscriptionId: running.subscription.id, kind: 'downgrade_cancelled', at: clock() });
            return done;
          })
        : false;
      if (!removed) throw new AppError('record.not_found');
    },

    // ---- add-ons
    async addOns(actor: Actor, locale: Locale): Promise<AddOnsCatalogue> {
      await requireCustomer(actor);
      const [rows, data, running] = await Promise.all([
        repo.activeAddOns(),
        subscriptionData({ id: actor.id, role: 'user' }, clock(), locale),
        repo.running(actor.id),
      ]);
      const validUntil = running?.subscription.currentPeriodEnd ?? endOfMonth(clock());
      const position = await positionOf(actor.id);
      return {
        addOns: await Promise.all(
          rows.map(async (a) => ({
            id: a.id,
            code: a.code,
            name: localName(a, locale),
            description: a.descriptions?.[locale] ?? a.descriptions?.en ?? '',
            priceCents: a.priceCents,
            price: priceQuote(await taxOf(position, a.taxId, a.priceCents, locale), a.priceCents),
            extra: { profiles: a.extraProfiles, tags: a.extraTags, storageBytes: a.extraStorageBytes, sendsPerMonth: a.extraSends },
          })),
        ),
        active: data.addOns,
        validUntil: validUntil.toISOString(),
      };
    },

    /** Buys an add-on valid until the end of the current period (the calendar month on Free). */
    async buyAddOn(
      actor: Actor,
      input: { addOnId: string; methodId: string; idempotencyKey: string },
      locale: Locale,
    ): Promise<{ payment: Payment; subscription: SubscriptionData }> {
      const customer = await requireCustomer(actor);
      const method = await requireMethod(actor.id, input.methodId);
      const addOn = await repo.addOn(input.addOnId);
      if (!addOn) throw new AppError('record.not_found');
      const running = await repo.running(actor.id);
      if (!running) throw new AppError('subscription.none');
      const validUntil = running.subscription.currentPeriodEnd ?? endOfMonth(clock());
      const tax = await taxOf(await positionOf(actor.id), addOn.taxId, addOn.priceCents);
      const payment = await charge({
        userId: actor.id,
        method,
        idempotencyKey: input.idempotencyKey,
        purpose: 'add_on',
        description: names(addOn),
        subscriptionId: running.subscription.id,
        locale: customerLocale(customer, actor),
        lines: [taxLine(tax, names(addOn), addOn.priceCents, { start: clock(), end: validUntil })],
        taxRule: tax.rule,
        apply: async (tx, row) => {
          await repo.addAddOn(tx, running.subscription.id, addOn.id, validUntil);
          await recordSubscriptionEvent(tx, {
            subscriptionId: running.subscription.id,
            kind: 'add_on',
            detail: { amountCents: row.amountCents, paymentId: row.id, periodEnd: validUntil.toISOString() },
            at: clock(),
          });
        },
      });
      return { payment: toPayment(payment, locale), subscription: await subscriptionData({ id: actor.id, role: 'user' }, clock(), locale) };
    },

    // ---- payments
    async listPayments(actor: Actor, locale: Locale): Promise<Payment[]> {
      await requireCustomer(actor);
      return (await repo.listPayments(actor.id, 200)).map((r) => toPayment(r, locale));
    },

    /** Refunds (part of) a succeeded payment through the provider; idempotent by key. */
    async refundPayment(paymentId: string, amountCents: number, idempotencyKey: string): Promise<{ refundedCents: number }> {
      const done = await repo.refundByKey(idempotencyKey);
      if (done) {
        if (done.paymentId !== paymentId || done.amountCents !== amountCents) throw new AppError('payment.idempotency_mismatch');
        return { refundedCents: done.amountCents };
      }
      const payment = await repo.payment(paymentId);
      if (!payment || !payment.providerChargeRef || payment.status === 'failed') throw new AppError('record.not_found');
      if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > payment.amountCents - payment.refundedCents)
        throw new AppError('payment.refund_too_large');
      const { refundRef } = await provider.refund(payment.providerChargeRef, amountCents, idempotencyKey);
      await repo.transaction((tx) => repo.recordRefund(tx, paymentId, idempotencyKey, amountCents, refundRef));
      return { refundedCents: amountCents };
    },

    async findPayment(paymentId: string) {
      const row = await repo.payment(paymentId);
      if (!row) return null;
      return {
        id: row.id,
        userId: row.userId,
        amountCents: row.amountCents,
        currency: 'EUR' as const,
        status: row.status,
        methodBrand: row.methodBrand,
        methodLast4: row.methodLast4,
        createdAt: row.createdAt,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
