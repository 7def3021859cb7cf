import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client.js';
import type { invoiceLines, invoices, invoiceTaxTotals } from './schema.js';

type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'series' | 'year' | 'sequence' | 'number' | 'createdAt' | 'status'>;
export type NewLine = Omit<typeof invoiceLines.$inferInsert, 'id' | 'invoiceId'>;
export type NewTaxTotal = Omit<typeof invoiceTaxTotals.$inferInsert, 'invoiceId'>;

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

/**
 * Numbers (`F2026-000001`: series, year, six-digit sequence, more digits when a year passes a
 * million) and stores a document in ONE statement: the series and year's counter row (upsert,
 * row-locked until the caller's transaction ends), the header with its number, its lines and its
 * totals per rate. Every issuer of the series waits for that lock until COMMIT, so what runs
 * after it is kept to as few round trips as possible (one here instead of four). A rolled-back
 * transaction gives its number back: no gap, no duplicate.
 */
export async function insertNumbered(
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
      discount: l.discount ?? false,
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
        base_cents, period_start, period_end, discount)
      select inserted.id, l.position, l.description, l.quantity, l.unit_amount_cents, l.tax_id, l.tax_name, l.tax_rate_basis_points,
        l.base_cents, l.period_start, l.period_end, l.discount
      from inserted cross join jsonb_to_recordset(${lineRows}::jsonb) as l(position integer, description jsonb, quantity integer,
        unit_amount_cents integer, tax_id uuid, tax_name text, tax_rate_basis_points integer, base_cents integer, period_start date, period_end date,
        discount boolean)
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
}
