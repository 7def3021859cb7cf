import type { HistoryAction, AddOnKind, CatalogueAdmin, CatalogueKind, Locale, catalogueSchemas } from '@enlaza/contracts';
import type { z } from 'zod';
import type { LocalisedText } from './schema.js';
import { localName } from '../../lib/catalogue-names.js';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../platform/actor.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { EventBus } from '../../platform/events.js';
import type { AddOnRow, CatalogueRepository, OfferRow, PlanRow, RowOf } from './repository.js';

type Body<K extends CatalogueKind> = z.output<(typeof catalogueSchemas)[K]['body']>;
type Stored<K extends CatalogueKind> = Partial<RowOf[K]>;
type WithUses<K extends CatalogueKind> = RowOf[K] & { uses: number; running: number };
type NameParts = Awaited<ReturnType<CatalogueRepository['offerNameParts']>>;

/** What the history calls each kind (its `targetType`). */
export const CATALOGUE_TARGET: Record<CatalogueKind, string> = {
  'billing-periods': 'billing_period',
  taxes: 'tax',
  plans: 'plan',
  offers: 'offer',
  'add-ons': 'add_on',
};

/** The admin's form shows each language's own name: '' for Spanish or Japanese when it has none (it falls back to English). */
const all = (texts: LocalisedText, fallback: string) => ({ en: texts.en || fallback, es: texts.es ?? '', jp: texts.jp ?? '' });
const described = (texts: LocalisedText) => ({ en: texts.en ?? '', es: texts.es ?? '', jp: texts.jp ?? '' });
/** Empty names and descriptions are not stored, so they fall back to English. */
const textsOf = (texts: { en?: string | undefined; es?: string | undefined; jp?: string | undefined }): LocalisedText =>
  Object.fromEntries(Object.entries(texts).filter(([, v]) => v && v.trim() !== ''));
/** The history keeps one field per language, so each name's change reads on its own. */
const flatTexts = (row: { name: string; names: LocalisedText; descriptions: LocalisedText }) => ({
  name: row.name,
  nameEn: row.names.en ?? null,
  nameEs: row.names.es ?? null,
  nameJp: row.names.jp ?? null,
  descriptionEn: row.descriptions.en ?? null,
  descriptionEs: row.descriptions.es ?? null,
  descriptionJp: row.descriptions.jp ?? null,
});
const localised = (
  row: { name: string; names: LocalisedText; descriptions: LocalisedText; active: boolean; uses: number; id: string },
  locale: Locale,
) => ({
  id: row.id,
  name: localName(row, locale),
  names: all(row.names, row.name),
  descriptions: described(row.descriptions),
  active: row.active,
  uses: row.uses,
});

/** Add-ons store one column per kind of extra; the admin picks a kind and a quantity. */
const ADD_ON_COLUMNS = { extra_sends: 'extraSends', extra_cards: 'extraProfiles', extra_storage: 'extraStorageBytes' } as const;
export function addOnKindOf(row: Pick<AddOnRow, 'extraSends' | 'extraProfiles' | 'extraTags' | 'extraStorageBytes'>): {
  kind: AddOnKind;
  quantity: number;
} {
  if (row.extraStorageBytes > 0) return { kind: 'extra_storage', quantity: row.extraStorageBytes };
  if (row.extraProfiles > 0 || row.extraTags > 0) return { kind: 'extra_cards', quantity: Math.max(row.extraProfiles, row.extraTags) };
  return { kind: 'extra_sends', quantity: row.extraSends };
}
function addOnColumns(kind: AddOnKind, quantity: number) {
  const columns = { extraSends: 0, extraProfiles: 0, extraTags: 0, extraStorageBytes: 0 };
  columns[ADD_ON_COLUMNS[kind]] = quantity;
  return columns;
}

const offerName = (row: Pick<OfferRow, 'planId' | 'billingPeriodId'>, parts: NameParts, locale: Locale) => {
  const plan = parts.plans.get(row.planId);
  const period = parts.periods.get(row.billingPeriodId);
  return `${plan ? localName(plan, locale) : '?'} · ${period ? localName(period, locale) : '?'}`;
};

/** Each kind: its stored values from a body, its admin view, and its values as the history shows them. */
const DEFINITIONS = {
  'billing-periods': {
    stored: (b: Body<'billing-periods'>) => ({
      code: b.code,
      name: b.names.en,
      names: textsOf(b.names),
      descriptions: textsOf(b.descriptions),
      months: b.months,
    }),
    view: (r: WithUses<'billing-periods'>, locale: Locale) => ({ ...localised(r, locale), code: r.code, months: r.months }),
    flat: (r: RowOf['billing-periods']) => ({ code: r.code, ...flatTexts(r), months: r.months }),
  },
  taxes: {
    stored: (b: Body<'taxes'>) => ({
      name: b.names.en,
      names: textsOf(b.names),
      descriptions: textsOf(b.descriptions),
      rateBasisPoints: b.rateBasisPoints,
      isDefault: b.isDefault,
    }),
    view: (r: WithUses<'taxes'>, locale: Locale) => ({
      ...localised(r, locale),
      rateBasisPoints: r.rateBasisPoints,
      isDefault: r.isDefault,
    }),
    flat: (r: RowOf['taxes']) => ({ ...flatTexts(r), rateBasisPoints: r.rateBasisPoints, isDefault: r.isDefault }),
  },
  plans: {
    stored: (b: Body<'plans'>) => ({
      code: b.code,
      name: b.names.en,
      names: textsOf(b.names),
      descriptions: textsOf(b.descriptions),
      maxProfiles: b.maxProfiles,
      maxTags: b.maxTags,
      storageBytes: b.storageBytes,
      sendsPerMonth: b.sendsPerMonth,
      customDomains: b.customDomains,
      sortOrder: b.sortOrder,
      isFree: b.isFree,
    }),
    view: (r: WithUses<'plans'>, locale: Locale) => ({
      ...localised(r, locale),
      running: r.running,
      code: r.code,
      maxProfiles: r.maxProfiles,
      maxTags: r.maxTags,
      storageBytes: r.storageBytes,
      sendsPerMonth: r.sendsPerMonth,
      customDomains: r.customDomains,
      sortOrder: r.sortOrder,
      isFree: r.isFree,
    }),
    flat: (r: PlanRow) => ({
      code: r.code,
      ...flatTexts(r),
      maxProfiles: r.maxProfiles,
      maxTags: r.maxTags,
      storageBytes: r.storageBytes,
      sendsPerMonth: r.sendsPerMonth,
      customDomains: r.customDomains,
      sortOrder: r.sortOrder,
      isFree: r.isFree,
    }),
  },
  offers: {
    stored: (b: Body<'offers'>) => ({
      planId: b.planId,
      billingPeriodId: b.billingPeriodId,
      accountTypeId: b.accountTypeId,
      priceCents: b.priceCents,
      taxId: b.taxId,
      visible: b.visible,
      seatPricing: b.seatPricing,
      minSeats: b.minSeats,
    }),
    view: (r: WithUses<'offers'>, locale: Locale, parts: NameParts) => ({
      id: r.id,
      name: offerName(r, parts, locale),
      planId: r.planId,
      billingPeriodId: r.billingPeriodId,
      accountTypeId: r.accountTypeId,
      priceCents: r.priceCents,
      currency: r.currency,
      taxId: r.taxId,
      visible: r.visible,
      seatPricing: r.seatPricing,
      minSeats: r.minSeats,
      active: r.active,
      uses: r.uses,
      running: r.running,
    }),
    flat: (r: OfferRow) => ({
      planId: r.planId,
      billingPeriodId: r.billingPeriodId,
      accountTypeId: r.accountTypeId,
      priceCents: r.priceCents,
      taxId: r.taxId,
      visible: r.visible,
      seatPricing: r.seatPricing,
      minSeats: r.minSeats,
    }),
  },
  'add-ons': {
    stored: (b: Body<'add-ons'>) => ({
      code: b.code,
      name: b.names.en,
      names: textsOf(b.names),
      descriptions: textsOf(b.descriptions),
      priceCents: b.priceCents,
      taxId: b.taxId,
      ...addOnColumns(b.kind, b.quantity),
    }),
    view: (r: WithUses<'add-ons'>, locale: Locale) => ({
      ...localised(r, locale),
      code: r.code,
      ...addOnKindOf(r),
      priceCents: r.priceCents,
      currency: r.currency,
      taxId: r.taxId,
    }),
    flat: (r: AddOnRow) => ({ code: r.code, ...flatTexts(r), ...addOnKindOf(r), priceCents: r.priceCents, taxId: r.taxId }),
  },
} as const;

type Definition<K extends CatalogueKind> = {
  stored: (body: Body<K>) => Stored<K>;
  view: (row: WithUses<K>, locale: Locale, parts: NameParts) => CatalogueAdmin[K];
  flat: (row: RowOf[K]) => Record<string, unknown>;
};
const definition = <K extends CatalogueKind>(kind: K) => DEFINITIONS[kind] as unknown as Definition<K>;

const fieldError = (code: 'validation.code_taken' | 'validation.reference_invalid' | 'validation.per_seat_free_plan', field: string) => ({
  [field]: [{ code }],
});

/**
 * The admin catalogue: periods, taxes, plans, offers and add-ons are created, edited, deactivated
 * and reactivated; an unused item may be deleted, an item in use only deactivated. Every change
 * is in the admin history with the values before and after.
 */
export function createCatalogueService(repo: CatalogueRepository, events: Pick<EventBus, 'publish'>) {
  const record = (
    actor: Actor,
    origin: RequestOrigin,
    kind: CatalogueKind,
    id: string,
    action: HistoryAction,
    before?: object,
    after?: object,
  ) =>
    events.publish(action, {
      userId: null,
      actorId: actor.id,
      origin,
      target: { type: CATALOGUE_TARGET[kind], id },
      before: before as Record<string, unknown>,
      after: (after ?? {}) as Record<string, unknown>,
    });

  async function require<K extends CatalogueKind>(kind: K, id: string) {
    const found = await repo.forKind(kind).find(id);
    if (!found) throw new AppError('record.not_found');
    return found;
  }
  async function view<K extends CatalogueKind>(kind: K, row: WithUses<K>, locale: Locale) {
    const parts = kind === 'offers' ? await repo.offerNameParts() : { plans: new Map(), periods: new Map() };
    return definition(kind).view(row, locale, parts);
  }

  /** Codes unique per kind; offers name existing items, once per plan × period × account type. */
  async function check<K extends CatalogueKind>(kind: K, body: Body<K>, id?: string) {
    if (
      (kind === 'billing-periods' || kind === 'plans' || kind === 'add-ons') &&
      (await repo.codeTaken(kind, (body as { code: string }).code, id))
    ) {
      throw new AppError('catalogue.code_taken', {}, fieldError('validation.code_taken', 'code'));
    }
    const refs: [field: string, table: 'plans' | 'billing-periods' | 'account-types' | 'taxes', value: string | null | undefined][] = [];
    if (kind === 'offers') {
      const offer = body as Body<'offers'>;
      refs.push(
        ['planId', 'plans', offer.planId],
        ['billingPeriodId', 'billing-periods', offer.billingPeriodId],
        ['accountTypeId', 'account-types', offer.accountTypeId],
        ['taxId', 'taxes', offer.taxId],
      );
    }
    if (kind === 'add-ons') refs.push(['taxId', 'taxes', (body as Body<'add-ons'>).taxId]);
    for (const [field, table, value] of refs) {
      if (value && !(await repo.exists(table, value)))
        throw new AppError('catalogue.reference_invalid', {}, fieldError('validation.reference_invalid', field));
    }
    if (kind === 'offers') {
      const offer = body as Body<'offers'>;
      const existing = await repo.findOffer(offer.planId, offer.billingPeriodId, offer.accountTypeId);
      if (existing && existing !== id) throw new AppError('catalogue.offer_exists');
      await checkSeats(offer, id);
    }
  }

  /**
   * A per-seat price needs a paid plan (Free has no price to multiply); and an offer subscriptions
   * run on keeps its pricing, flat or per seat: switching would multiply (or divide) what every
   * running subscription renews at, which no customer agreed to. Its price and minimum may change.
   */
  async function checkSeats(offer: Body<'offers'>, id?: string) {
    if (offer.seatPricing === 'per_seat' && (await repo.forKind('plans').find(offer.planId))?.isFree)
      throw new AppError('catalogue.per_seat_free_plan', {}, fieldError('validation.per_seat_free_plan', 'seatPricing'));
    const before = id ? await repo.forKind('offers').find(id) : undefined;
    if (before && before.uses > 0 && before.seatPricing !== offer.seatPricing) throw new AppError('catalogue.seat_pricing_in_use');
  }

  return {
    /** Every item, active or not, in the viewer's language (plans by their order, the rest by name). */
    async list<K extends CatalogueKind>(kind: K, locale: Locale = 'en'): Promise<CatalogueAdmin[K][]> {
      const rows = await repo.forKind(kind).list();
      const parts = kind === 'offers' ? await repo.offerNameParts() : { plans: new Map(), periods: new Map() };
      const views = rows.map((row) => definition(kind).view(row, locale, parts));
      const collator = new Intl.Collator(locale === 'jp' ? 'ja' : locale);
      if (kind === 'plans')
        return (views as CatalogueAdmin['plans'][]).sort(
          (a, b) => a.sortOrder - b.sortOrder || collator.compare(a.name, b.name),
        ) as CatalogueAdmin[K][];
      if (kind === 'billing-periods')
        return (views as CatalogueAdmin['billing-periods'][]).sort(
          (a, b) => a.months - b.months || collator.compare(a.name, b.name),
        ) as CatalogueAdmin[K][];
      return views.sort((a, b) => collator.compare(a.name, b.name));
    },

    async create<K extends CatalogueKind>(actor: Actor, kind: K, body: Body<K>, origin: RequestOrigin, locale: Locale = 'en') {
      await check(kind, body);
      const values = definition(kind).stored(body);
      const id = await repo.transaction(async (tx) => {
        const created = await repo.forKind(kind).insert(tx, values);
        if (kind === 'taxes' && (body as Body<'taxes'>).isDefault) await repo.clearDefaultTax(tx, created);
        return created;
      });
      const row = await require(kind, id);
      await record(actor, origin, kind, id, 'admin.catalogue_created', undefined, definition(kind).flat(row));
      return view(kind, row, locale);
    },

    async update<K extends CatalogueKind>(actor: Actor, kind: K, id: string, body: Body<K>, origin: RequestOrigin, locale: Locale = 'en') {
      const before = await require(kind, id);
      await check(kind, body, id);
      if (kind === 'taxes' && (before as WithUses<'taxes'>).isDefault && !(body as Body<'taxes'>).isDefault)
        throw new AppError('catalogue.default_tax');
      await repo.transaction(async (tx) => {
        await repo.forKind(kind).update(tx, id, definition(kind).stored(body));
        if (kind === 'taxes' && (body as Body<'taxes'>).isDefault) await repo.clearDefaultTax(tx, id);
      });
      const after = await require(kind, id);
      await record(actor, origin, kind, id, 'admin.catalogue_updated', definition(kind).flat(before), definition(kind).flat(after));
      return view(kind, after, locale);
    },

    async setActive<K extends CatalogueKind>(
      actor: Actor,
      kind: K,
      id: string,
      active: boolean,
      origin: RequestOrigin,
      locale: Locale = 'en',
    ) {
      const before = await require(kind, id);
      if (!active && kind === 'taxes' && (before as WithUses<'taxes'>).isDefault) throw new AppError('catalogue.default_tax');
      if (before.active !== active) {
        await repo.transaction((tx) => repo.forKind(kind).update(tx, id, { active } as Stored<K>));
        await record(
          actor,
          origin,
          kind,
          id,
          active ? 'admin.catalogue_activated' : 'admin.catalogue_deactivated',
          { active: before.active },
          { active },
        );
      }
      return view(kind, await require(kind, id), locale);
    },

    /** Only an item nothing points at; one in use answers 409 and is to be deactivated instead. */
    async remove(actor: Actor, kind: CatalogueKind, id: string, origin: RequestOrigin) {
      const before = await require(kind, id);
      if (before.uses > 0) throw new AppError('catalogue.in_use', { count: before.uses });
      if (kind === 'taxes' && (before as WithUses<'taxes'>).isDefault) throw new AppError('catalogue.default_tax');
      await repo.transaction((tx) => repo.forKind(kind).remove(tx, id));
      await record(actor, origin, kind, id, 'admin.catalogue_deleted', definition(kind).flat(before), undefined);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
