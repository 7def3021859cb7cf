import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { insertNumbered } from './numbered-insert.js';
import { euVatRates, invoiceLines, invoices, invoiceTaxTotals } from './schema.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type { ChainHead, NewInvoice, NewLine, NewTaxTotal } from './numbered-insert.js';
/** `from` and `to`: issue dates (`YYYY-MM-DD`, the seller's calendar), both included. */
export type ListFilter = { userId?: string; from?: string; to?: string; series?: string; status?: InvoiceRow['status']; q?: string };
export type Cursor = { createdAt: string; id: string };

type Db = Database | Transaction;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createInvoicesRepository(db: Database) {
  // What a list row needs besides the header: credited so far, and the corrected invoice's number and issue date.
  const listColumns = {
    invoice: invoices,
    issuedAtText: sql<string>`${invoices.issuedAt}::text`,
    // Drizzle writes a column of the only table unqualified ("id"), which inside the subquery would
    // name the subquery's own row: the outer row is named explicitly.
    creditedCents:
      sql<number>`(select coalesce(-sum(c.total_cents), 0) from invoices c where c.corrected_invoice_id = "invoices"."id")`.mapWith(Number),
    correctedNumber: sql<string | null>`(select o.number from invoices o where o.id = "invoices"."corrected_invoice_id")`,
    correctedIssueDate: sql<string | null>`(select o.issue_date::text from invoices o where o.id = "invoices"."corrected_invoice_id")`,
  };

  function conditions(filter: ListFilter): (SQL | undefined)[] {
    const q = filter.q?.trim();
    const like = q ? `%${escapeLike(q)}%` : null;
    return [
      filter.userId ? eq(invoices.userId, filter.userId) : undefined,
      filter.from ? gte(invoices.issueDate, filter.from) : undefined,
      filter.to ? lte(invoices.issueDate, filter.to) : undefined,
      filter.series ? eq(invoices.series, filter.series) : undefined,
      filter.status ? eq(invoices.status, filter.status) : undefined,
      like
        ? sql`(${invoices.number} ilike ${like} or ${invoices.buyer} ->> 'name' ilike ${like} or ${invoices.buyer} ->> 'email' ilike ${like} or ${invoices.buyer} ->> 'taxId' ilike ${like})`
        : undefined,
    ];
  }

  return {
    /** Numbers and stores a document in one statement (numbered-insert.ts). */
    insertNumbered,

    async find(id: string, t: Db = db): Promise<InvoiceRow | undefined> {
      const [row] = await t.select().from(invoices).where(eq(invoices.id, id));
      return row;
    },

    /** The invoice row, locked until the transaction ends (credit notes of one invoice go one at a time). */
    async lock(tx: Transaction, id: string): Promise<InvoiceRow | undefined> {
      const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
      return row;
    },

    findByRefundKey: async (tx: Transaction, key: string) => (await tx.select().from(invoices).where(eq(invoices.refundKey, key)))[0],
    findByPayment: async (tx: Db, paymentId: string) =>
      (
        await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.paymentId, paymentId), eq(invoices.kind, 'invoice')))
      )[0],

    lines: (id: string, t: Db = db) =>
      t.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, id)).orderBy(asc(invoiceLines.position)),
    taxTotals: (id: string, t: Db = db) =>
      t.select().from(invoiceTaxTotals).where(eq(invoiceTaxTotals.invoiceId, id)).orderBy(desc(invoiceTaxTotals.rateBasisPoints)),

    /**
     * What an invoice charged before tax for what it sold (its positive lines less a coupon's
     * discount lines: a credit line carried from an earlier period is not a sale) and what credit notes have taken back since (before tax,
     * positive). Undefined for an unknown id. (The outer row is named explicitly: see `listColumns`.)
     */
    async chargedBeforeTax(id: string, t: Db = db): Promise<{ chargedCents: number; creditedCents: number } | undefined> {
      const [row] = await t
        .select({
          chargedCents:
            sql<number>`(select coalesce(sum(l.base_cents), 0) from invoice_lines l where l.invoice_id = "invoices"."id" and (l.base_cents > 0 or l.discount))`.mapWith(
              Number,
            ),
          creditedCents:
            sql<number>`(select coalesce(-sum(c.subtotal_cents), 0) from invoices c where c.corrected_invoice_id = "invoices"."id")`.mapWith(
              Number,
            ),
        })
        .from(invoices)
        .where(eq(invoices.id, id));
      return row;
    },

    /**
     * The seller's EU distance sales before tax (consumers in other member states, whichever VAT
     * they were charged), net of their credit notes, in the calendar year of `year` and the one
     * before: what the 10,000 € threshold of article 59c of the VAT Directive is measured on. With
     * them, in the same statement, the standard rate of `country` from the admin's table (what the
     * sale bears past the threshold), so a quote and the invoice read the rate as it is now.
     */
    async distanceSales(
      t: Db,
      year: number,
      country: string,
    ): Promise<{ distanceSales: { thisYearCents: number; previousYearCents: number }; memberStateRateBasisPoints: number | undefined }> {
      const [row] = await t
        .select({
          thisYearCents: sql<number>`coalesce(sum(${invoices.subtotalCents}) filter (where ${invoices.year} = ${year}), 0)`.mapWith(Number),
          previousYearCents: sql<number>`coalesce(sum(${invoices.subtotalCents}) filter (where ${invoices.year} = ${year - 1}), 0)`.mapWith(
            Number,
          ),
          rate: sql<number | null>`(select ${euVatRates.rateBasisPoints} from ${euVatRates} where ${euVatRates.country} = ${country})`,
        })
        .from(invoices)
        .where(and(inArray(invoices.taxRule, ['eu_consumer_origin', 'eu_consumer_oss']), inArray(invoices.year, [year, year - 1])));
      return {
        distanceSales: { thisYearCents: row?.thisYearCents ?? 0, previousYearCents: row?.previousYearCents ?? 0 },
        memberStateRateBasisPoints: row?.rate == null ? undefined : Number(row.rate),
      };
    },

    /** Credit notes of an invoice, oldest first. */
    creditNotes: (tx: Db, id: string) =>
      tx.select().from(invoices).where(eq(invoices.correctedInvoiceId, id)).orderBy(asc(invoices.sequence)),

    /** Totals per rate already credited on an invoice (positive amounts). */
    async creditedPerRate(tx: Db, id: string) {
      return tx
        .select({
          rateBasisPoints: invoiceTaxTotals.rateBasisPoints,
          baseCents: sql<number>`-sum(${invoiceTaxTotals.baseCents})`.mapWith(Number),
          taxCents: sql<number>`-sum(${invoiceTaxTotals.taxCents})`.mapWith(Number),
        })
        .from(invoiceTaxTotals)
        .innerJoin(invoices, eq(invoices.id, invoiceTaxTotals.invoiceId))
        .where(eq(invoices.correctedInvoiceId, id))
        .groupBy(invoiceTaxTotals.rateBasisPoints);
    },

    /** The one column that changes after issue (the trigger allows only this). */
    setStatus: (tx: Transaction, id: string, status: InvoiceRow['status']) =>
      tx.update(invoices).set({ status }).where(eq(invoices.id, id)),

    /** Newest first, keyset-paginated on (issued_at, id). */
    async list(filter: ListFilter, cursor: Cursor | null, limit: number) {
      return db
        .select(listColumns)
        .from(invoices)
        .where(
          and(
            ...conditions(filter),
            cursor ? sql`(${invoices.issuedAt}, ${invoices.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : undefined,
          ),
        )
        .orderBy(desc(invoices.issuedAt), desc(invoices.id))
        .limit(limit + 1);
    },

    /** Every matching row, in pages of `pageSize`, for the CSV export (never the whole table in memory). */
    async *iterate(filter: ListFilter, pageSize = 500) {
      let cursor: Cursor | null = null;
      for (;;) {
        const rows = await this.list(filter, cursor, pageSize);
        const page = rows.slice(0, pageSize);
        for (const row of page) yield row;
        const last = page[page.length - 1];
        if (rows.length <= pageSize || !last) return;
        cursor = { createdAt: last.issuedAtText, id: last.invoice.id };
      }
    },
  };
}

export type InvoicesRepository = ReturnType<typeof createInvoicesRepository>;
export type InvoiceListRow = Awaited<ReturnType<InvoicesRepository['list']>>[number];
