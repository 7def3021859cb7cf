import { excludedTerritory, okResponse, plansCatalogueSchema, type Locale, type PlansCatalogue, type PriceQuote } from '@enlaza/contracts';
import type { CatalogueSnapshot } from '../catalogue/index.js';
import { AppError } from '../../lib/errors.js';
import { localName } from '../../lib/catalogue-names.js';
import type { Actor } from '../../platform/actor.js';
import { PreparedBody } from '../../platform/compression.js';
import { taxTreatment } from '../invoices/index.js';
import { changeKind } from './plan-changes.js';
import { PlansAnswers, type PlansState } from './plans-answers.js';
import { seatsToBill } from './seats.js';
import { priceQuote, type PaymentsContext } from './service-context.js';

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
    const seats = seatsToBill(offer, state.seats);
    view.offers.push({
      id: offer.id,
      period: p,
      priceCents: offer.priceCents,
      currency: 'EUR',
      price: quote(offer.priceCents, offer.taxId),
      current: offer.id === currentOfferId,
      change: current ? changeKind(current, { plan, period, offerId: offer.id }) : 'upgrade',
      // The checkout's total for these seats (the quote's line is the same seats at the same price).
      perSeat: seats === null ? null : { minSeats: offer.minSeats, seats, total: quote(offer.priceCents * seats, offer.taxId) },
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

/** The plans page: the offers the customer may buy, priced for them, with which way each change goes. */
export function createPlansPage({ repo, catalogue, taxPositionFor }: PaymentsContext) {
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
      tax: await taxPositionFor(repo.db, {
        country: row.taxCountry,
        taxId: row.taxId,
        territory: excludedTerritory(row.taxCountry, row.taxPostalCode),
      }),
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
      seats: row.seatsInUse,
    };
  }

  return {
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
  };
}
