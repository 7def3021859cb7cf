import {
  SEAT_PRICINGS,
  type AddOnAdmin,
  type BillingPeriodAdmin,
  type CatalogueAdmin,
  type CatalogueKind,
  type OfferAdmin,
  type PlanAdmin,
  type TaxAdmin,
} from '@enlaza/contracts';
import type { TFunction } from 'i18next';
import type { Locale } from '@enlaza/contracts';
import type { SelectFieldOption } from '@/components/select-field';
import { formatBytes, formatNumber } from '@/lib/format';
import { MB, basisPointsToPercent, bytesToMegabytes, centsToEuros, formatPrice, formatRate } from '../lib/amounts';
import type { CatalogueScreen } from '../components/catalogue-page';

type Ctx = { t: TFunction; locale: Locale };
const yesNo = (t: TFunction, value: boolean) => t(value ? 'yes' : 'no');

export function periodsScreen({ t, locale }: Ctx): CatalogueScreen<'billing-periods'> {
  return {
    kind: 'billing-periods',
    titleKey: 'pages:admin.tipoSuscripcions',
    hasTexts: true,
    fields: [
      { name: 'code', type: 'code' },
      { name: 'months', type: 'integer', labelKey: 'fields.months', hintKey: 'fields.monthsHint' },
    ],
    initial: (row: BillingPeriodAdmin | null) => ({ code: row?.code ?? '', months: String(row?.months ?? 1) }),
    columns: [
      { key: 'code', header: t('columns.code'), cell: (row) => <code>{row.code}</code> },
      { key: 'months', header: t('columns.months'), cell: (row) => formatNumber(row.months, locale) },
    ],
    searchText: (row) => row.code,
  };
}

export function taxesScreen({ t, locale }: Ctx): CatalogueScreen<'taxes'> {
  return {
    kind: 'taxes',
    titleKey: 'pages:admin.impuestos',
    hasTexts: true,
    fields: [
      { name: 'rateBasisPoints', type: 'percent', labelKey: 'fields.rate', hintKey: 'fields.rateHint' },
      { name: 'isDefault', type: 'checkbox', labelKey: 'fields.isDefault' },
    ],
    initial: (row: TaxAdmin | null) => ({
      rateBasisPoints: row ? basisPointsToPercent(row.rateBasisPoints) : '',
      isDefault: row?.isDefault ?? false,
    }),
    columns: [
      { key: 'rate', header: t('columns.rate'), cell: (row) => formatRate(row.rateBasisPoints, locale) },
      { key: 'default', header: t('columns.isDefault'), cell: (row) => yesNo(t, row.isDefault) },
    ],
  };
}

export function plansScreen({ t, locale }: Ctx): CatalogueScreen<'plans'> {
  return {
    kind: 'plans',
    titleKey: 'pages:admin.planes',
    hasTexts: true,
    fields: [
      { name: 'code', type: 'code' },
      { name: 'maxProfiles', type: 'integer', labelKey: 'fields.maxProfiles' },
      { name: 'maxTags', type: 'integer', labelKey: 'fields.maxTags' },
      { name: 'storageBytes', type: 'megabytes', labelKey: 'fields.storage', hintKey: 'fields.storageHint' },
      { name: 'sendsPerMonth', type: 'integer', labelKey: 'fields.sendsPerMonth' },
      { name: 'customDomains', type: 'integer', labelKey: 'fields.customDomains', hintKey: 'fields.customDomainsHint' },
      { name: 'sortOrder', type: 'integer', labelKey: 'fields.sortOrder', hintKey: 'fields.sortOrderHint' },
      { name: 'isFree', type: 'checkbox', labelKey: 'fields.isFree' },
    ],
    initial: (row: PlanAdmin | null) => ({
      code: row?.code ?? '',
      maxProfiles: String(row?.maxProfiles ?? ''),
      maxTags: String(row?.maxTags ?? ''),
      storageBytes: row ? bytesToMegabytes(row.storageBytes) : '',
      sendsPerMonth: String(row?.sendsPerMonth ?? ''),
      customDomains: String(row?.customDomains ?? 0),
      sortOrder: String(row?.sortOrder ?? 0),
      isFree: row?.isFree ?? false,
    }),
    columns: [
      { key: 'code', header: t('columns.code'), cell: (row) => <code>{row.code}</code> },
      { key: 'cards', header: t('columns.cards'), cell: (row) => formatNumber(row.maxProfiles, locale) },
      { key: 'tags', header: t('columns.tags'), cell: (row) => formatNumber(row.maxTags, locale) },
      { key: 'storage', header: t('columns.storage'), cell: (row) => formatBytes(row.storageBytes, locale) },
      { key: 'sends', header: t('columns.sends'), cell: (row) => formatNumber(row.sendsPerMonth, locale) },
      { key: 'customDomains', header: t('columns.customDomains'), cell: (row) => formatNumber(row.customDomains, locale) },
    ],
    searchText: (row) => row.code,
  };
}

type OfferLookups = { plans: PlanAdmin[]; periods: BillingPeriodAdmin[]; taxes: TaxAdmin[]; accountTypes: { id: string; name: string }[] };
const options = (rows: { id: string; name: string; active: boolean }[], current?: string | null): SelectFieldOption[] =>
  rows.filter((r) => r.active || r.id === current).map((r) => ({ value: r.id, label: r.name }));
const nameOf = (rows: { id: string; name: string }[], id: string | null, fallback: string) =>
  id ? (rows.find((r) => r.id === id)?.name ?? '?') : fallback;

export function offersScreen({ t, locale }: Ctx, lookups: OfferLookups, editingTaxId?: string | null): CatalogueScreen<'offers'> {
  const taxOptions = [
    { value: '', label: t('fields.defaultTax') },
    ...options(
      lookups.taxes.map((x) => ({ ...x, name: `${x.name} (${formatRate(x.rateBasisPoints, locale)})` })),
      editingTaxId,
    ),
  ];
  return {
    kind: 'offers',
    titleKey: 'pages:admin.suscripcionesDisponibles',
    hasTexts: false,
    fields: [
      {
        name: 'planId',
        type: 'select',
        labelKey: 'fields.plan',
        options: [{ value: '', label: t('fields.choose') }, ...options(lookups.plans)],
      },
      {
        name: 'billingPeriodId',
        type: 'select',
        labelKey: 'fields.period',
        options: [{ value: '', label: t('fields.choose') }, ...options(lookups.periods)],
      },
      {
        name: 'accountTypeId',
        type: 'select',
        labelKey: 'fields.accountType',
        options: [{ value: '', label: t('fields.everyAccountType') }, ...lookups.accountTypes.map((a) => ({ value: a.id, label: a.name }))],
      },
      { name: 'priceCents', type: 'money', labelKey: 'fields.price', hintKey: 'fields.priceHint' },
      { name: 'taxId', type: 'select', labelKey: 'fields.tax', options: taxOptions },
      {
        name: 'seatPricing',
        type: 'select',
        labelKey: 'fields.seatPricing',
        options: SEAT_PRICINGS.map((p) => ({ value: p, label: t(`seatPricing.${p}`) })),
      },
      {
        name: 'minSeats',
        type: 'integer',
        labelKey: 'fields.minSeats',
        hintKey: 'fields.minSeatsHint',
        shownWhen: { field: 'seatPricing', equals: 'per_seat' },
      },
      { name: 'visible', type: 'checkbox', labelKey: 'fields.visible' },
    ],
    initial: (row: OfferAdmin | null) => ({
      planId: row?.planId ?? '',
      billingPeriodId: row?.billingPeriodId ?? '',
      accountTypeId: row?.accountTypeId ?? '',
      priceCents: row ? centsToEuros(row.priceCents) : '',
      taxId: row?.taxId ?? '',
      seatPricing: row?.seatPricing ?? 'flat',
      minSeats: String(row?.minSeats ?? 1),
      visible: row?.visible ?? true,
    }),
    // A flat price has no minimum of seats: the hidden field sends 1 whatever was typed before switching.
    prepare: (body) => {
      if (body.seatPricing !== 'per_seat') body.minSeats = 1;
    },
    columns: [
      {
        key: 'accountType',
        header: t('columns.accountType'),
        cell: (row) => nameOf(lookups.accountTypes, row.accountTypeId, t('fields.everyAccountType')),
      },
      { key: 'price', header: t('columns.price'), cell: (row) => formatPrice(row.priceCents, locale, row.currency) },
      {
        key: 'seatPricing',
        header: t('columns.seatPricing'),
        cell: (row) =>
          row.seatPricing === 'per_seat'
            ? t('seatPricing.perSeatMinimum', { count: row.minSeats, formatted: formatNumber(row.minSeats, locale) })
            : t('seatPricing.flatShort'),
      },
      { key: 'tax', header: t('columns.tax'), cell: (row) => nameOf(lookups.taxes, row.taxId, t('fields.defaultTax')) },
      { key: 'visible', header: t('columns.visible'), cell: (row) => yesNo(t, row.visible) },
    ],
    searchText: (row) => nameOf(lookups.accountTypes, row.accountTypeId, ''),
  };
}

export function addOnsScreen({ t, locale }: Ctx, taxes: TaxAdmin[]): CatalogueScreen<'add-ons'> {
  return {
    kind: 'add-ons',
    titleKey: 'pages:admin.paquetes',
    hasTexts: true,
    fields: [
      { name: 'code', type: 'code' },
      {
        name: 'kind',
        type: 'select',
        labelKey: 'fields.kind',
        options: (['extra_sends', 'extra_cards', 'extra_storage'] as const).map((k) => ({ value: k, label: t(`addOnKinds.${k}`) })),
      },
      { name: 'quantity', type: 'integer', labelKey: 'fields.quantity', hintKey: 'fields.quantityHint' },
      { name: 'priceCents', type: 'money', labelKey: 'fields.price', hintKey: 'fields.priceHint' },
      { name: 'taxId', type: 'select', labelKey: 'fields.tax', options: [{ value: '', label: t('fields.defaultTax') }, ...options(taxes)] },
    ],
    // Storage add-ons are typed in MB like plans; `prepare` converts on save.
    initial: (row: AddOnAdmin | null) => ({
      code: row?.code ?? '',
      kind: row?.kind ?? 'extra_sends',
      quantity: row ? (row.kind === 'extra_storage' ? bytesToMegabytes(row.quantity) : String(row.quantity)) : '',
      priceCents: row ? centsToEuros(row.priceCents) : '',
      taxId: row?.taxId ?? '',
    }),
    columns: [
      { key: 'kind', header: t('columns.kind'), cell: (row) => t(`addOnKinds.${row.kind}`) },
      {
        key: 'quantity',
        header: t('columns.quantity'),
        cell: (row) => (row.kind === 'extra_storage' ? formatBytes(row.quantity, locale) : formatNumber(row.quantity, locale)),
      },
      { key: 'price', header: t('columns.price'), cell: (row) => formatPrice(row.priceCents, locale, row.currency) },
      { key: 'tax', header: t('columns.tax'), cell: (row) => nameOf(taxes, row.taxId, t('fields.defaultTax')) },
    ],
    searchText: (row) => row.code,
    prepare: (body) => {
      if (body.kind === 'extra_storage' && typeof body.quantity === 'number') body.quantity = body.quantity * MB;
    },
  };
}

export type AnyScreen = { [K in CatalogueKind]: CatalogueScreen<K> }[CatalogueKind];
export type { CatalogueAdmin };
