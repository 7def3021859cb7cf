import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { invoiceLines, invoices, invoiceTaxTotals } from './schema.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'series' | 'year' | 'sequence' | 'number' | 'createdAt' | 'status'>;
export type NewLine = Omit<typeof invoiceLines.$inferInsert, 'id' | 'invoiceId'>;
export type NewTaxTotal = Omit<typeof invoiceTaxTotals.$inferInsert, 'invoiceId'>;
/** `from` and `to`: issue dates (`YYYY-MM-DD`, the seller's calendar), both included. */
export type ListFilter = { userId?: string; from?: string; to?: string; series?: string; status?: InvoiceRow['status']; q?: string };
export type Cursor = { createdAt: string; id: string };

type Db = Database | Transaction;

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const asJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** An issuer's chain head as locked by the numbering statement. */
export type ChainHead = { issuerTaxId: string; length: number; lastHash: string };

/** An invoices row as raw SQL answers it (snake_case; both drivers parse dates and jsonb, a string is parsed too). */

function invoiceFromSql(r: Record<string, unknown>): InvoiceRow {
  return {
    id: String(r.id),
    kind: r.kind as InvoiceRow['kind'],
    series: String(r.series),
    year: Number(r.year),
    sequence: Number(r.sequence),
    number: String(r.number),
    correctedInvoiceId: (r.corrected_invoice_id as string | null) ?? null,
    userId: String(r.user_id),
    paymentId: (r.payment_id as string | null) ?? null,
    refundKey: (r.refund_key as string | null) ?? null,
    reason: (r.reason as string | null) ?? null,
    issuedAt: asDate(r.issued_at),
    // Read as text by the statement (a driver would make a local-midnight Date of a date).
    issueDate: String(r.issue_date_text),
    currency: String(r.currency),
    locale: r.locale as InvoiceRow['locale'],
    seller: asJson<InvoiceRow['seller']>(r.seller),
    buyer: asJson<InvoiceRow['buyer']>(r.buyer),
    subtotalCents: Number(r.subtotal_cents),
    taxCents: Number(r.tax_cents),
    totalCents: Number(r.total_cents),
    status: r.status as InvoiceRow['status'],
    invoiceType: r.invoice_type as InvoiceRow['invoiceType'],
    taxRule: r.tax_rule as InvoiceRow['taxRule'],
    createdAt: asDate(r.created_at),
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createInvoicesRepository(db: Database) {
  // What a list row needs besides the header: credited so far, and the corrected invoice's number.
  const listColumns = {
    invoice: invoices,
    issuedAtText: sql<string>`${invoices.issuedAt}::text`,
    // Drizzle writes a column of the only table unqualified ("id"), which inside the subquery would
    // name the subquery's own row: the outer row is named explicitly.
    creditedCents:
      sql<number>`(select coalesce(-sum(c.total_cents), 0) from invoices c where c.corrected_invoice_id = "invoices"."id")`.mapWith(Number),
    correctedNumber: sql<string | null>`(select o.number from invoices o where o.id = "invoices"."corrected_invoice_id")`,
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
    /**
     * Numbers (`F2026-000001`: series, year, six-digit sequence, more digits when a year passes a
     * million) and stores a document in ONE statement: the series and year's counter row (upsert,
     * row-locked until the caller's transaction ends), the header with its number, its lines and its
     * totals per rate. Every issuer of the series waits for that lock until COMMIT, so what runs
     * after it is kept to as few round trips as possible (one here instead of four). A rolled-back
     * transaction gives its number back: no gap, no duplicate.
     */
    async insertNumbered(
      tx: Transaction,
      header: NewInvoice & { series: string; year: number },
      lines: NewLine[],
      taxTotals: NewTaxTotal[],
      chainIssuer: string,
    ): Promise<InvoiceRow & { chainHead: ChainHead }> {
      const json = (value: unknown) => JSON.stringify(value ?? null);
      const lineRows = json(
        lines.map((l) => ({
          position: l.position,
          description: l.description,
          quantity: l.quantity,
          unit_amount_cents: l.unitAmountCents,
          tax_id: l.taxId ?? null,
          tax_name: l.taxName,
          tax_rate_basis_points: l.taxRateBasisPoints,
          base_cents: l.baseCents,
          period_start: l.periodStart ?? null,
          period_end: l.periodEnd ?? null,
        })),
      );
      const totalRows = json(
        taxTotals.map((t) => ({
          rate_basis_points: t.rateBasisPoints,
          tax_name: t.taxName,
          base_cents: t.baseCents,
          tax_cents: t.taxCents,
        })),
      );
      const result = await tx.execute(sql`
        with counter as (
          insert into invoice_counters (series, year, last_sequence) values (${header.series}, ${header.year}, 1)
          on conflict (series, year) do update set last_sequence = invoice_counters.last_sequence + 1
          returning last_sequence
        ), inserted as (
          insert into invoices (kind, series, year, sequence, number, corrected_invoice_id, user_id, payment_id, refund_key, reason,
            issued_at, issue_date, currency, locale, seller, buyer, invoice_type, tax_rule, subtotal_cents, tax_cents, total_cents)
          select ${header.kind}, ${header.series}, ${header.year}, counter.last_sequence,
            ${header.series} || ${String(header.year)} || '-' || lpad(counter.last_sequence::text, greatest(6, length(counter.last_sequence::text)), '0'),
            ${header.correctedInvoiceId ?? null}::uuid, ${header.userId}::uuid, ${header.paymentId ?? null}::uuid, ${header.refundKey ?? null},
            ${header.reason ?? null}, ${header.issuedAt.toISOString()}::timestamptz, ${header.issueDate}::date, ${header.currency}, ${header.locale},
            ${json(header.seller)}::jsonb, ${json(header.buyer)}::jsonb, ${header.invoiceType}, ${header.taxRule}, ${header.subtotalCents}, ${header.taxCents}, ${header.totalCents}
          from counter
          returning *
        ), inserted_lines as (
          insert into invoice_lines (invoice_id, position, description, quantity, unit_amount_cents, tax_id, tax_name, tax_rate_basis_points,
            base_cents, period_start, period_end)
          select inserted.id, l.position, l.description, l.quantity, l.unit_amount_cents, l.tax_id, l.tax_name, l.tax_rate_basis_points,
            l.base_cents, l.period_start, l.period_end
          from inserted cross join jsonb_to_recordset(${lineRows}::jsonb) as l(position integer, description jsonb, quantity integer,
            unit_amount_cents integer, tax_id uuid, tax_name text, tax_rate_basis_points integer, base_cents integer, period_start date, period_end date)
        ), inserted_totals as (
          insert into invoice_tax_totals (invoice_id, rate_basis_points, tax_name, base_cents, tax_cents)
          select inserted.id, t.rate_basis_points, t.tax_name, t.base_cents, t.tax_cents
          from inserted cross join jsonb_to_recordset(${totalRows}::jsonb) as t(rate_basis_points integer, tax_name text, base_cents integer, tax_cents integer)
        ), head as (
          -- The issuer's chain head, locked and read in the same round trip (after the counter: it reads
          -- the counter's row, so the locks are taken in the order used everywhere, counter then head).
          insert into invoice_chain_heads (issuer_tax_id, length, last_hash)
          select ${chainIssuer}, 0, '' from counter
          on conflict (issuer_tax_id) do update set length = invoice_chain_heads.length
          returning length as chain_length, last_hash as chain_last_hash
        )
        select inserted.*, inserted.issue_date::text as issue_date_text, head.chain_length, head.chain_last_hash
        from inserted cross join head`);
      const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
      if (!row) throw new Error('invoice insert returned no row');
      return {
        ...invoiceFromSql(row),
        chainHead: { issuerTaxId: chainIssuer, length: Number(row.chain_length), lastHash: String(row.chain_last_hash) },
      };
    },

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
     * What an invoice charged before tax for what it sold (its positive lines: a credit line carried
     * from an earlier period is not a sale) and what credit notes have taken back since (before tax,
     * positive). Undefined for an unknown id. (The outer row is named explicitly: see `listColumns`.)
     */
    async chargedBeforeTax(id: string, t: Db = db): Promise<{ chargedCents: number; creditedCents: number } | undefined> {
      const [row] = await t
        .select({
          chargedCents:
            sql<number>`(select coalesce(sum(l.base_cents), 0) from invoice_lines l where l.invoice_id = "invoices"."id" and l.base_cents > 0)`.mapWith(
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
     * before: what the 10,000 € threshold of article 59c of the VAT Directive is measured on.
     */
    async distanceSales(t: Db, year: number): Promise<{ thisYearCents: number; previousYearCents: number }> {
      const [row] = await t
        .select({
          thisYearCents: sql<number>`coalesce(sum(${invoices.subtotalCents}) filter (where ${invoices.year} = ${year}), 0)`.mapWith(Number),
          previousYearCents: sql<number>`coalesce(sum(${invoices.subtotalCents}) filter (where ${invoices.year} = ${year - 1}), 0)`.mapWith(
            Number,
          ),
        })
        .from(invoices)
        .where(and(inArray(invoices.taxRule, ['eu_consumer_origin', 'eu_consumer_oss']), inArray(invoices.year, [year, year - 1])));
      return row ?? { thisYearCents: 0, previousYearCents: 0 };
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
