import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  type AnyPgColumn,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, primaryId } from '../../platform/columns.js';
import { users } from '../account/schema.js';
import { INVOICE_TYPES, SUBMISSION_STATES, TAX_RULES, type InvoiceType } from '@enlaza/contracts';

export type { InvoiceType };

export type PartySnapshot = {
  name: string;
  taxId: string | null;
  address: string | null;
  country: string | null;
  email?: string | null;
  code?: string | null;
};
export type LineDescription = { en: string; es: string; jp: string };

/**
 * The last number given in each series and year. Taken with an upsert (`… DO UPDATE … RETURNING`)
 * in the issuing transaction: the row lock serialises concurrent issuers, and a rolled-back
 * transaction gives its number back, so numbers have no gap and no duplicate.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text().notNull(),
    year: integer().notNull(),
    lastSequence: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/**
 * Invoices and credit notes. Immutable once inserted: a trigger (migration `invoice_immutability`)
 * refuses DELETE, and UPDATE of anything but `status` (the one column credit notes move).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: primaryId(),
    kind: text({ enum: ['invoice', 'credit_note'] }).notNull(),
    series: text().notNull(),
    year: integer().notNull(),
    sequence: integer().notNull(),
    number: text().notNull(),
    /** A credit note: the invoice it corrects. */
    correctedInvoiceId: uuid().references((): AnyPgColumn => invoices.id),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    /** The successful payment an invoice is for (one invoice per payment); null on credit notes. */
    paymentId: uuid(),
    /** A credit note: the refund's idempotency key (a retried request finds the note it issued). */
    refundKey: text(),
    reason: text(),
    issuedAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * The issue date printed on it and recorded (FechaExpedicionFactura): `issuedAt`'s calendar day
     * in the seller's time zone when it was issued (SELLER_TIME_ZONE). Stored, never recomputed: a
     * later change of the setting does not re-date an issued invoice. Its year is the series year.
     */
    issueDate: date({ mode: 'string' }).notNull(),
    currency: text().notNull(),
    locale: text({ enum: ['en', 'es', 'jp'] }).notNull(),
    seller: jsonb().$type<PartySnapshot>().notNull(),
    buyer: jsonb().$type<PartySnapshot>().notNull(),
    subtotalCents: integer().notNull(),
    taxCents: integer().notNull(),
    totalCents: integer().notNull(),
    status: text({ enum: ['issued', 'partially_credited', 'credited'] })
      .notNull()
      .default('issued'),
    /**
     * TipoFactura (VERI*FACTU): F1 an invoice to an identified buyer (with a tax id), F2 a
     * simplified invoice (no buyer tax id, at most SIMPLIFIED_INVOICE_LIMIT_CENTS); a credit note R5
     * when it corrects a simplified invoice, else R1–R4 by the reason of article 80 of the Spanish
     * VAT law (R1 refunds and cancellations, R2 insolvency, R3 bad debts, R4 any other correction).
     */
    invoiceType: text({ enum: INVOICE_TYPES }).notNull(),
    /**
     * The VAT rule applied (tax-rules.ts): where the buyer is and whether they gave a valid EU VAT
     * number. A credit note repeats its invoice's. Printed with its legal mention when not domestic.
     */
    taxRule: text({ enum: TAX_RULES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'invoices_type_of_kind',
      sql`(${t.kind} = 'invoice' AND ${t.invoiceType} IN ('F1', 'F2')) OR (${t.kind} = 'credit_note' AND ${t.invoiceType} IN ('R1', 'R2', 'R3', 'R4', 'R5'))`,
    ),
    check(
      'invoices_tax_rule',
      sql`${t.taxRule} IN ('domestic', 'eu_reverse_charge', 'eu_consumer_origin', 'eu_consumer_oss', 'outside_eu', 'excluded_territory')`,
    ),
    uniqueIndex().on(t.series, t.year, t.sequence),
    uniqueIndex().on(t.number),
    uniqueIndex('invoices_payment_id_idx')
      .on(t.paymentId)
      .where(sql`${t.kind} = 'invoice'`),
    uniqueIndex().on(t.refundKey),
    index().on(t.issuedAt, t.id),
    index().on(t.issueDate),
    index().on(t.userId, t.issuedAt),
    index().on(t.correctedInvoiceId),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: primaryId(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    position: integer().notNull(),
    description: jsonb().$type<LineDescription>().notNull(),
    quantity: integer().notNull(),
    unitAmountCents: integer().notNull(),
    /** The tax row it came from (reference only: name and rate are copied). */
    taxId: uuid(),
    taxName: text().notNull(),
    taxRateBasisPoints: integer().notNull(),
    baseCents: integer().notNull(),
    /**
     * The period of service the line charges or credits (a plan's period, what is left of one, an
     * add-on's months), as the seller's calendar days it runs from and to (SELLER_TIME_ZONE); printed
     * under the line (Directive 2006/112/EC, article 226 (7): the date of supply). None for a one-off.
     */
    periodStart: date({ mode: 'string' }),
    periodEnd: date({ mode: 'string' }),
    /**
     * A coupon's discount (negative): with a period when it recurs on the subscription's invoices
     * (`repeating`, `forever`), which the dashboard's MRR counts; without one for a `once` coupon.
     */
    discount: boolean().notNull().default(false),
  },
  (t) => [
    uniqueIndex().on(t.invoiceId, t.position),
    check(
      'invoice_lines_period',
      sql`(${t.periodStart} IS NULL AND ${t.periodEnd} IS NULL) OR (${t.periodStart} IS NOT NULL AND ${t.periodEnd} IS NOT NULL AND ${t.periodStart} <= ${t.periodEnd})`,
    ),
  ],
);

/** Totals per tax rate, as printed. */
export const invoiceTaxTotals = pgTable(
  'invoice_tax_totals',
  {
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    rateBasisPoints: integer().notNull(),
    taxName: text().notNull(),
    baseCents: integer().notNull(),
    taxCents: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.rateBasisPoints] })],
);

/**
 * The record chain (VERI*FACTU style): one "alta" record per issued invoice and credit note,
 * written in the transaction that issues it. `hash` is the AEAT "huella" (SHA-256, uppercase hex)
 * over the regulated fields below exactly as stored (see chain.ts) and `previousHash`, the hash of
 * the record before it in the same issuer's chain (empty for the first). Immutable: a trigger
 * (migration `invoice_records_immutable`) refuses UPDATE, DELETE and TRUNCATE.
 */
export const invoiceRecords = pgTable(
  'invoice_records',
  {
    id: primaryId(),
    /** IDEmisorFactura: the seller's tax id (NIF) when the invoice was issued; one chain each. */
    issuerTaxId: text().notNull(),
    /** 1, 2, 3… within the issuer's chain, without gaps. */
    position: bigint({ mode: 'number' }).notNull(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    /** NumSerieFactura. */
    number: text().notNull(),
    /** FechaExpedicionFactura, dd-mm-yyyy. */
    issueDate: text().notNull(),
    /** TipoFactura: the invoice's own (`invoices.invoiceType`). */
    invoiceType: text({ enum: INVOICE_TYPES }).notNull(),
    /** CuotaTotal and ImporteTotal, as hashed (e.g. `12.35`, `-1.89`). */
    taxTotal: text().notNull(),
    total: text().notNull(),
    previousHash: text().notNull(),
    /** FechaHoraHusoGenRegistro, ISO 8601 with its offset, as hashed. */
    generatedAt: text().notNull(),
    hash: text().notNull(),
    /**
     * NO VERI*FACTU with a certificate (VERIFACTU_CERT_FILE): the record's `sf:RegistroAlta` with its
     * XAdES enveloped signature (verifactu/record-xml.ts, verifactu/xades.ts), written with the
     * record in the issuing transaction. Null when no certificate is configured (demo, development).
     */
    signedXml: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.issuerTaxId, t.position), uniqueIndex().on(t.invoiceId)],
);

/**
 * The event log a NO VERI*FACTU system keeps (Orden HAC/1177/2024, article 9; AEAT EventosSIF.xsd):
 * one row per event, chained per issuer by its own SHA-256 huella like the records
 * (verifactu/event-log.ts), with its `sf:RegistroEvento` XML, signed when a certificate is
 * configured. Append-only: a trigger (migration `invoice_events`) refuses UPDATE, DELETE and TRUNCATE.
 */
export const invoiceEvents = pgTable(
  'invoice_events',
  {
    id: primaryId(),
    /** ObligadoEmision: the seller's NIF; one chain each. */
    issuerTaxId: text().notNull(),
    position: bigint({ mode: 'number' }).notNull(),
    /** TipoEvento: `01` start as NO VERI*FACTU, `03`/`04` anomaly detection run/found, `08` export, `10` summary… */
    eventType: text().notNull(),
    /** FechaHoraHusoGenEvento, as hashed. */
    generatedAt: text().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    /** SistemaInformatico as hashed (producer NIF, system id, version, installation). */
    system: jsonb()
      .$type<{ producerName: string; producerTaxId: string; name: string; id: string; version: string; installationNumber: string }>()
      .notNull(),
    /** DatosPropiosEvento and OtrosDatosEvento, as the XML writes them. */
    details: jsonb().$type<Record<string, unknown>>().notNull(),
    previousHash: text().notNull(),
    hash: text().notNull(),
    /** The `sf:RegistroEvento`, with its XAdES signature when a certificate is configured. */
    xml: text().notNull(),
    signed: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.issuerTaxId, t.position), index().on(t.occurredAt, t.id), index().on(t.eventType, t.occurredAt)],
);

/** The head of each issuer's event chain, taken with an upsert in the transaction that logs an event. */
export const invoiceEventHeads = pgTable('invoice_event_heads', {
  issuerTaxId: text().primaryKey(),
  length: bigint({ mode: 'number' }).notNull(),
  lastHash: text().notNull(),
  lastType: text().notNull().default(''),
  lastGeneratedAt: text().notNull().default(''),
});

/**
 * The head of each issuer's chain: taken with an upsert in the issuing transaction (after the
 * numbering counter), so concurrent issuers append one after another and the chain never forks.
 */
export const invoiceChainHeads = pgTable('invoice_chain_heads', {
  issuerTaxId: text().primaryKey(),
  length: bigint({ mode: 'number' }).notNull(),
  lastHash: text().notNull(),
});

/**
 * VERI*FACTU mode: each record's sending to the AEAT (verifactu/submission.ts). A row is written
 * `pending` with its record, in the issuing transaction; the sending job moves it once to what the
 * AEAT answered, with the request's CSV and the line's error code and description. The records stay
 * append-only: what changes is here.
 */
export const invoiceRecordSubmissions = pgTable(
  'invoice_record_submissions',
  {
    recordId: uuid()
      .primaryKey()
      .references(() => invoiceRecords.id),
    issuerTaxId: text().notNull(),
    /** The record's place in its issuer's chain: records are sent in this order. */
    position: bigint({ mode: 'number' }).notNull(),
    state: text({ enum: SUBMISSION_STATES }).notNull().default('pending'),
    csv: text(),
    errorCode: text(),
    errorDescription: text(),
    /** Requests that carried it (a retry after a network error or a crash counts again). */
    attempts: integer().notNull().default(0),
    answeredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.issuerTaxId, t.state, t.position),
    index().on(t.state, t.position),
    check('invoice_record_submissions_state', sql`${t.state} IN ('pending', 'accepted', 'accepted_with_errors', 'rejected')`),
  ],
);

/**
 * One sender per issuer at a time (the AEAT wants each issuer's records in chain order): a lease
 * taken by the job that sends, which expires with the job if its process dies; and the earliest
 * time of the next request, after the waiting time (TiempoEsperaEnvio) the AEAT's last answer gave.
 */
export const invoiceSubmissionSenders = pgTable('invoice_submission_senders', {
  issuerTaxId: text().primaryKey(),
  leaseId: uuid(),
  leaseUntil: timestamp({ withTimezone: true }),
  nextSendAt: timestamp({ withTimezone: true }),
});

/**
 * Net revenue before tax per calendar month of the seller (`YYYY-MM` of each document's issue date,
 * the seller's calendar) and currency: the sum of the subtotals of the invoices (positive) and
 * credit notes (negative) issued that month. A rollup, never written by the application: an
 * `AFTER INSERT … FOR EACH STATEMENT` trigger on `invoices` adds each statement's documents in the
 * transaction that issues them (migration 0030, by issue date since `invoice_issue_dates`), and
 * invoices can be neither changed nor deleted, so it is always exact. The
 * admin dashboard reads its 12 rows instead of summing every invoice of the year.
 */
export const invoiceRevenueMonths = pgTable(
  'invoice_revenue_months',
  {
    month: text().notNull(),
    currency: text().notNull(),
    netCents: bigint({ mode: 'number' }).notNull(),
    documents: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.currency] })],
);

/**
 * The standard VAT rate of each EU member state, in basis points: what a consumer in another member
 * state is charged once the seller's distance sales pass the threshold (OSS, `eu_consumer_oss` of
 * tax-rules.ts). One row per country, seeded by migration 0052 with the rates in force on 1 January
 * 2026 and edited by admins (`PUT /api/admin/eu-vat-rates/{country}`); never inserted or deleted by
 * the application. `updated_by` is the admin of the last change (null for the seed).
 */
export const euVatRates = pgTable(
  'eu_vat_rates',
  {
    country: text().primaryKey(),
    rateBasisPoints: integer().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('eu_vat_rates_rate_range', sql`${t.rateBasisPoints} between 0 and 10000`)],
);
