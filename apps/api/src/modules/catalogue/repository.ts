import type { CatalogueKind } from '@enlaza/contracts';
import { and, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client.js';
import { accountTypes, addOns, billingPeriods, offers, plans, taxes } from './schema.js';

export type BillingPeriodRow = typeof billingPeriods.$inferSelect;
export type TaxRow = typeof taxes.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;
export type OfferRow = typeof offers.$inferSelect;
export type AddOnRow = typeof addOns.$inferSelect;
export type AccountTypeRow = typeof accountTypes.$inferSelect;
export type RowOf = { 'billing-periods': BillingPeriodRow; taxes: TaxRow; plans: PlanRow; offers: OfferRow; 'add-ons': AddOnRow };

type CatalogueTable = PgTable & { id: PgColumn; active: PgColumn; updatedAt: PgColumn };

/**
 * Counts of another module's records that point at a catalogue item (subscriptions at plans,
 * offers and add-ons), given the item's id as a qualified reference: each module counts its own
 * tables, so the catalogue names none of them.
 */
export type CatalogueUses = Partial<Record<CatalogueKind, (itemId: SQL) => SQL<number>>>;

/** The item's id, qualified by its table's name (Drizzle leaves columns unqualified in single-table selects, and a bare "id" would bind inside a subquery). */
const itemId = (table: string) => sql`${sql.identifier(table)}.${sql.identifier('id')}`;

/**
 * How many records point at an item of each kind: the catalogue's own (offers and add-ons name
 * periods, taxes and plans) plus those other modules count. Invoices copy what they need into
 * their own lines, so an invoice never depends on a catalogue row staying as it was.
 */
function usesOf(kind: CatalogueKind, others: readonly CatalogueUses[]): SQL<number> {
  const id = itemId(getTableName(CATALOGUE_TABLES[kind]));
  const own: Record<CatalogueKind, SQL[]> = {
    'billing-periods': [sql`(select count(*) from ${offers} o where o.billing_period_id = ${id})`],
    taxes: [sql`(select count(*) from ${offers} o where o.tax_id = ${id})`, sql`(select count(*) from ${addOns} a where a.tax_id = ${id})`],
    plans: [sql`(select count(*) from ${offers} o where o.plan_id = ${id})`],
    offers: [],
    'add-ons': [],
  };
  const counts = [...own[kind], ...others.flatMap((uses) => uses[kind]?.(id) ?? [])];
  return counts.length > 0 ? sql<number>`(${sql.join(counts, sql` + `)})` : sql<number>`0`;
}
/** How many records running now point at an item (subscriptions at plans and offers); 0 for a kind nothing runs on. */
const runningOf = (kind: CatalogueKind, running: CatalogueUses): SQL<number> =>
  running[kind]?.(itemId(getTableName(CATALOGUE_TABLES[kind]))) ?? sql<number>`0`;
export const CATALOGUE_TABLES: Record<CatalogueKind, CatalogueTable> = {
  'billing-periods': billingPeriods,
  taxes,
  plans,
  offers,
  'add-ons': addOns,
};

/**
 * The same queries for every kind of catalogue item; rows come back with `uses` (the catalogue's own
 * and `counts.uses'`) and `running` (what `counts.running` counts).
 */
export function createCatalogueRepository(db: Database, counts: { uses: readonly CatalogueUses[]; running: CatalogueUses }) {
  function forKind<K extends CatalogueKind>(kind: K) {
    // One shape for the five tables; the rows are typed per kind below.
    const table = CATALOGUE_TABLES[kind] as typeof taxes;
    const columns = {
      ...getTableColumns(table),
      uses: usesOf(kind, counts.uses).mapWith(Number),
      running: runningOf(kind, counts.running).mapWith(Number),
    };
    type Row = RowOf[K] & { uses: number; running: number };
    return {
      list: async () => (await db.select(columns).from(table)) as unknown as Row[],
      find: async (id: string, tx: Database | Transaction = db) =>
        ((await tx.select(columns).from(table).where(eq(table.id, id))) as unknown as Row[])[0],
      insert: async (tx: Transaction, values: Partial<RowOf[K]>) =>
        (
          (await tx
            .insert(table)
            .values(values as never)
            .returning({ id: table.id })) as { id: string }[]
        )[0]!.id,
      update: (tx: Transaction, id: string, values: Partial<RowOf[K]>) =>
        tx
          .update(table)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(table.id, id)),
      remove: (tx: Transaction, id: string) => tx.delete(table).where(eq(table.id, id)),
    };
  }
  return {
    forKind,
    transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),
    /** Whether another item of this kind already has this code. */
    codeTaken: async (kind: 'billing-periods' | 'plans' | 'add-ons', code: string, exceptId?: string) => {
      const table = { 'billing-periods': billingPeriods, plans, 'add-ons': addOns }[kind];
      const rows = await db.select({ id: table.id }).from(table).where(eq(table.code, code));
      return rows.some((row) => row.id !== exceptId);
    },
    /** Whether each referenced id exists (offers and add-ons name a plan, a period, an account type and a tax). */
    exists: async (table: 'plans' | 'billing-periods' | 'account-types' | 'taxes', id: string) => {
      const t = { plans, 'billing-periods': billingPeriods, 'account-types': accountTypes, taxes }[table];
      return (await db.select({ id: t.id }).from(t).where(eq(t.id, id))).length > 0;
    },
    /** The offer for this plan × period × account type, if any. */
    findOffer: async (planId: string, billingPeriodId: string, accountTypeId: string | null) => {
      const rows = await db
        .select({ id: offers.id })
        .from(offers)
        .where(
          sql`${offers.planId} = ${planId} and ${offers.billingPeriodId} = ${billingPeriodId} and ${offers.accountTypeId} is not distinct from ${accountTypeId}`,
        );
      return rows[0]?.id;
    },
    /** Names of the plans, periods and account types, to name offers. */
    offerNameParts: async () => {
      const [planRows, periodRows] = await Promise.all([
        db.select({ id: plans.id, name: plans.name, names: plans.names }).from(plans),
        db.select({ id: billingPeriods.id, name: billingPeriods.name, names: billingPeriods.names }).from(billingPeriods),
      ]);
      return { plans: new Map(planRows.map((r) => [r.id, r])), periods: new Map(periodRows.map((r) => [r.id, r])) };
    },
    /** Only one default tax: making one the default clears the others. */
    clearDefaultTax: (tx: Transaction, exceptId: string) =>
      tx
        .update(taxes)
        .set({ isDefault: false, updatedAt: sql`now()` })
        .where(sql`${taxes.isDefault} and ${taxes.id} <> ${exceptId}`),
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;

// What other modules ask the catalogue, each read in the caller's connection or transaction.

/** The Free plan new accounts are subscribed to: the first active one. */
export async function findFreePlan(db: Database | Transaction): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.isFree, true), eq(plans.active, true)))
    .orderBy(plans.sortOrder)
    .limit(1);
  return row;
}

export async function findAccountType(db: Database | Transaction, id: string, onlyActive = false): Promise<AccountTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(accountTypes)
    .where(and(eq(accountTypes.id, id), onlyActive ? eq(accountTypes.active, true) : undefined));
  return row;
}

export async function findPlan(db: Database | Transaction, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** A plan by its code (`pro`): the demo seed names plans so. */
export async function findPlanByCode(db: Database | Transaction, code: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.code, code));
  return row;
}

/** An account type by its code (`personal`). */
export async function findAccountTypeByCode(db: Database | Transaction, code: string): Promise<AccountTypeRow | undefined> {
  const [row] = await db.select().from(accountTypes).where(eq(accountTypes.code, code));
  return row;
}

/** The codes of these plans, in one query. */
export async function planCodes(db: Database | Transaction, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: plans.id, code: plans.code })
    .from(plans)
    .where(inArray(plans.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** These add-ons, in one query. */
export function addOnsByIds(db: Database | Transaction, ids: string[]): Promise<AddOnRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(addOns)
    .where(inArray(addOns.id, [...new Set(ids)]));
}

export function activeAccountTypes(db: Database | Transaction): Promise<AccountTypeRow[]> {
  return db.select().from(accountTypes).where(eq(accountTypes.active, true)).orderBy(accountTypes.name);
}

/** Which of these offer ids exist (a coupon may only name offers of the catalogue). */
export async function existingOfferIds(db: Database | Transaction, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(inArray(offers.id, [...new Set(ids)]));
  return new Set(rows.map((r) => r.id));
}
