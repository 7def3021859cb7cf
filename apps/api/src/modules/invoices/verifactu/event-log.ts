import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../db/client.js';
import { recordAmount, recordTimestamp, type ChainVerification } from '../chain.js';
import { invoiceEventHeads, invoiceEvents, invoiceRecords } from '../schema.js';
import { eventHash, registroEventoXml, type EventDetails, type EventFields, type EventType, type RecordRef } from './event-xml.js';
import type { ComputerSystem } from './record-xml.js';
import type { RecordSigner } from './xades.js';

export type InvoiceEventRow = typeof invoiceEvents.$inferSelect;

const TYPE_OF: Record<EventDetails['kind'], EventType> = { start: '01', anomaly_run: '03', anomaly: '04', export: '08', summary: '10' };

/** TipoAnomalia of each way the record chain can break (chain.ts `ChainBreak`). */
const ANOMALY_OF = { hash: '01', signature: '02', invoice: '03', position: '04', head: '05', previous_hash: '08' } as const;

export type EventLogDeps = {
  db: Database;
  seller: { name: string; taxId: string };
  system: ComputerSystem;
  /** Null: events are stored unsigned (no certificate configured). */
  signer: RecordSigner | null;
  timeZone: string;
  now: () => Date;
};

/** What an export wrote: the invoices' count and sums, and the ids of its first and last invoice (issue order). */
export type ExportSummary = { count: number; taxCents: number; totalCents: number; firstInvoiceId: string; lastInvoiceId: string };

const refOf = (r: typeof invoiceRecords.$inferSelect): RecordRef => ({
  issuerTaxId: r.issuerTaxId,
  number: r.number,
  issueDate: r.issueDate,
  hash: r.hash,
});

/**
 * What a summary event (10) says: the issuer's events of each type and the billing records written
 * since its previous summary (all of them for the first), their first and last record and their sums.
 */
async function summarySincePrevious(tx: Transaction, issuer: string): Promise<EventDetails> {
  const [previous] = await tx
    .select({ position: invoiceEvents.position, occurredAt: invoiceEvents.occurredAt })
    .from(invoiceEvents)
    .where(and(eq(invoiceEvents.issuerTaxId, issuer), eq(invoiceEvents.eventType, '10')))
    .orderBy(desc(invoiceEvents.position))
    .limit(1);
  const counts = await tx
    .select({ type: invoiceEvents.eventType, count: sql<number>`count(*)`.mapWith(Number) })
    .from(invoiceEvents)
    .where(and(eq(invoiceEvents.issuerTaxId, issuer), gt(invoiceEvents.position, previous?.position ?? 0)))
    .groupBy(invoiceEvents.eventType)
    .orderBy(asc(invoiceEvents.eventType));
  const since = previous ? gt(invoiceRecords.createdAt, previous.occurredAt) : undefined;
  const scope = and(eq(invoiceRecords.issuerTaxId, issuer), since);
  const [sums] = await tx
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      tax: sql<string>`coalesce(sum(${invoiceRecords.taxTotal}::numeric), 0)::text`,
      total: sql<string>`coalesce(sum(${invoiceRecords.total}::numeric), 0)::text`,
    })
    .from(invoiceRecords)
    .where(scope);
  const [first] = await tx.select().from(invoiceRecords).where(scope).orderBy(asc(invoiceRecords.position)).limit(1);
  const [last] = await tx.select().from(invoiceRecords).where(scope).orderBy(desc(invoiceRecords.position)).limit(1);
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  return {
    kind: 'summary',
    // The schema wants at least one type: a summary right after the previous one counts no summary.
    counts: counts.length ? counts.map((c) => ({ type: c.type as EventType, count: c.count })) : [{ type: '10', count: 0 }],
    first: first ? refOf(first) : null,
    last: last ? refOf(last) : null,
    count: sums?.count ?? 0,
    taxTotal: recordAmount(cents(sums?.tax ?? '0')),
    total: recordAmount(cents(sums?.total ?? '0')),
  };
}

/**
 * The event log of a NO VERI*FACTU system (Orden HAC/1177/2024, article 9): each event is chained
 * to the issuer's previous one by its own huella (event-xml.ts), written with its XML (signed when a
 * certificate is configured) in one transaction that holds the issuer's event head, append-only.
 */
export function createEventLog(deps: EventLogDeps) {
  const { db, seller, system, signer } = deps;
  const issuer = system.producerTaxId;

  async function write(tx: Transaction, details: EventDetails): Promise<InvoiceEventRow> {
    // The head, locked until COMMIT: two events of one issuer are chained one after the other.
    const [head] = await tx
      .insert(invoiceEventHeads)
      .values({ issuerTaxId: issuer, length: 0, lastHash: '' })
      .onConflictDoUpdate({ target: invoiceEventHeads.issuerTaxId, set: { length: sql`${invoiceEventHeads.length}` } })
      .returning();
    const occurredAt = deps.now();
    const fields: EventFields = {
      system,
      obligado: seller,
      eventType: TYPE_OF[details.kind],
      generatedAt: recordTimestamp(occurredAt, deps.timeZone),
      previous: head!.length > 0 ? { eventType: head!.lastType, generatedAt: head!.lastGeneratedAt, hash: head!.lastHash } : null,
    };
    const hash = eventHash(fields);
    const unsigned = registroEventoXml(fields, details, hash);
    const xml = signer ? await signer.sign(unsigned, occurredAt, 'Evento') : unsigned;
    const position = head!.length + 1;
    await tx
      .update(invoiceEventHeads)
      .set({ length: position, lastHash: hash, lastType: fields.eventType, lastGeneratedAt: fields.generatedAt })
      .where(eq(invoiceEventHeads.issuerTaxId, issuer));
    const [row] = await tx
      .insert(invoiceEvents)
      .values({
        issuerTaxId: issuer,
        position,
        eventType: fields.eventType,
        generatedAt: fields.generatedAt,
        occurredAt,
        system,
        details,
        previousHash: fields.previous?.hash ?? '',
        hash,
        xml,
        signed: Boolean(signer),
      })
      .returning();
    return row!;
  }

  const log = (details: EventDetails) => db.transaction((tx) => write(tx, details));

  return {
    log,

    /** Start of the system as NO VERI*FACTU (TipoEvento 01): each start of an API or worker process. */
    started: () => log({ kind: 'start' }),

    /** A run of the chain verification (03) and, when it found one, the anomaly (04), in one transaction. */
    async chainVerified(result: ChainVerification): Promise<void> {
      await db.transaction(async (tx) => {
        // Hashes, links and stored signatures are checked up to the first broken record, in chain order.
        await write(tx, {
          kind: 'anomaly_run',
          hashesChecked: result.checked,
          signaturesChecked: result.signaturesChecked,
          chainChecked: result.checked,
          datesChecked: 0,
        });
        const broken = result.firstBroken;
        if (!broken) return;
        const [record] = broken.number ? await tx.select().from(invoiceRecords).where(eq(invoiceRecords.number, broken.number)) : [];
        await write(tx, {
          kind: 'anomaly',
          anomaly: ANOMALY_OF[broken.reason],
          record: record ? { issuerTaxId: record.issuerTaxId, number: record.number, issueDate: record.issueDate } : null,
          note: `chain verification: ${broken.reason}`,
        });
      });
    },

    /** An export of billing records (08): the admin's Facturas CSV, once it was written out. Nothing for an empty one. */
    async exported(summary: ExportSummary): Promise<void> {
      if (summary.count === 0) return;
      const records = await db
        .select()
        .from(invoiceRecords)
        .where(inArray(invoiceRecords.invoiceId, [summary.firstInvoiceId, summary.lastInvoiceId]));
      const first = records.find((r) => r.invoiceId === summary.firstInvoiceId);
      const last = records.find((r) => r.invoiceId === summary.lastInvoiceId);
      if (!first || !last) return;
      await log({
        kind: 'export',
        from: first.generatedAt,
        to: last.generatedAt,
        first: refOf(first),
        last: refOf(last),
        count: summary.count,
        taxTotal: recordAmount(summary.taxCents),
        total: recordAmount(summary.totalCents),
      });
    },

    /**
     * The summary event (10): the events of each type and the billing records written since the
     * previous summary (all of them for the first), their first and last record and their sums.
     */
    async summarize(): Promise<InvoiceEventRow> {
      return db.transaction(async (tx) => write(tx, await summarySincePrevious(tx, issuer)));
    },

    /**
     * The log, newest first, in keyset pages (`before`: the last row's occurredAt and id). Events of
     * one millisecond keep their chain order (position), so a page never reorders them.
     */
    async list(before: { occurredAt: Date; id: string } | null, limit: number): Promise<InvoiceEventRow[]> {
      const [from] = before
        ? await db.select({ position: invoiceEvents.position }).from(invoiceEvents).where(eq(invoiceEvents.id, before.id))
        : [];
      const after =
        before && from
          ? or(
              lt(invoiceEvents.occurredAt, before.occurredAt),
              and(eq(invoiceEvents.occurredAt, before.occurredAt), lt(invoiceEvents.position, from.position)),
            )
          : undefined;
      return db
        .select()
        .from(invoiceEvents)
        .where(after)
        .orderBy(desc(invoiceEvents.occurredAt), desc(invoiceEvents.position))
        .limit(limit);
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
