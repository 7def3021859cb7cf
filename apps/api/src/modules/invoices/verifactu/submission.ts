import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { SubmissionState } from '@enlaza/contracts';
import type { Database, Transaction } from '../../../db/client.js';
import type { InvoiceRecordRow } from '../chain.js';
import { invoiceRecordSubmissions, invoiceSubmissionSenders } from '../schema.js';
import { DUPLICATE_RECORD_CODE, parseSubmissionAnswer, type AnswerLine, type SubmissionAnswer } from './answer.js';
import { computerSystem, recordXmlInputs } from './record-source.js';
import { registroAltaXml, suministroLRXml } from './record-xml.js';
import { soapEnvelope, TransportError, type SoapPost } from './transport.js';

/** The AEAT's limit of records per request. */
export const MAX_RECORDS_PER_REQUEST = 1000;
/** TiempoEsperaEnvio when an answer gives none: the AEAT's 60 seconds. */
export const DEFAULT_WAIT_SECONDS = 60;

export type SubmissionDeps = {
  db: Database;
  post: SoapPost;
  seller: { name: string; taxId: string };
  batchSize: number;
  /** How long a sender holds its issuer: the job's own timeout, so a lease dies with its job. */
  leaseSeconds: number;
  /**
   * Enqueues the next run for an issuer, at a time (the end of the waiting time or of another
   * sender's lease) or now; runs enqueued with the same `key` are one run.
   */
  enqueue: (issuerTaxId: string, startAfter: Date | null, key?: string) => Promise<void>;
};

/** Writes a record's submission row, `pending`, in the transaction that writes the record. */
export async function recordPending(tx: Transaction, record: Pick<InvoiceRecordRow, 'id' | 'issuerTaxId' | 'position'>): Promise<void> {
  await tx.insert(invoiceRecordSubmissions).values({ recordId: record.id, issuerTaxId: record.issuerTaxId, position: record.position });
}

/** What a line of the answer means for its record. A duplicate (3000) is a record the AEAT already holds: accepted. */
export function stateOfLine(line: AnswerLine): { state: Exclude<SubmissionState, 'pending'>; keepError: boolean } {
  if (line.state === 'Correcto') return { state: 'accepted', keepError: false };
  if (line.state === 'AceptadoConErrores') return { state: 'accepted_with_errors', keepError: true };
  if (line.errorCode === DUPLICATE_RECORD_CODE) {
    if (line.duplicateState === 'AceptadaConErrores') return { state: 'accepted_with_errors', keepError: true };
    // An annulled duplicate is no record of ours that the AEAT holds: the admin must look at it.
    if (line.duplicateState !== 'Anulada') return { state: 'accepted', keepError: false };
  }
  return { state: 'rejected', keepError: true };
}

async function takeLease(db: Database, issuerTaxId: string, leaseId: string, leaseSeconds: number) {
  await db.insert(invoiceSubmissionSenders).values({ issuerTaxId }).onConflictDoNothing();
  const [taken] = await db
    .update(invoiceSubmissionSenders)
    .set({ leaseId, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(
      and(
        eq(invoiceSubmissionSenders.issuerTaxId, issuerTaxId),
        sql`(${invoiceSubmissionSenders.leaseUntil} is null or ${invoiceSubmissionSenders.leaseUntil} < now() or ${invoiceSubmissionSenders.leaseId} = ${leaseId})`,
      ),
    )
    .returning({ nextSendAt: invoiceSubmissionSenders.nextSendAt });
  return taken ?? null;
}

const pendingOf = (issuerTaxId: string) =>
  and(eq(invoiceRecordSubmissions.issuerTaxId, issuerTaxId), eq(invoiceRecordSubmissions.state, 'pending'));

async function pendingCount(db: Database, issuerTaxId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invoiceRecordSubmissions).where(pendingOf(issuerTaxId));
  return row?.n ?? 0;
}

/**
 * The next batch, in chain order: re-read under row locks, so a record another sender has settled
 * meanwhile (a lease that expired under a slow request) is not sent again; each counts an attempt.
 */
async function claimBatch(db: Database, issuerTaxId: string, size: number): Promise<{ recordId: string }[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ recordId: invoiceRecordSubmissions.recordId })
      .from(invoiceRecordSubmissions)
      .where(pendingOf(issuerTaxId))
      .orderBy(asc(invoiceRecordSubmissions.position))
      .limit(size)
      .for('update');
    if (rows.length === 0) return rows;
    await tx
      .update(invoiceRecordSubmissions)
      .set({ attempts: sql`${invoiceRecordSubmissions.attempts} + 1` })
      .where(
        inArray(
          invoiceRecordSubmissions.recordId,
          rows.map((r) => r.recordId),
        ),
      );
    return rows;
  });
}

/** The AEAT's answer to one request, or a TransportError / SoapFault for the job to retry. */
async function send(deps: SubmissionDeps, body: string): Promise<SubmissionAnswer> {
  const answer = await deps.post(soapEnvelope(body));
  // A fault comes as a 500 with a Fault body: parsed, it throws a SoapFault.
  if (answer.status >= 500 && !/Fault/.test(answer.body)) throw new TransportError(`the AEAT answered ${answer.status}`);
  if (answer.status !== 200 && answer.status < 500) throw new TransportError(`the AEAT answered ${answer.status}`);
  return parseSubmissionAnswer(answer.body);
}

/** Stores what the AEAT answered for each record of the batch; a record already settled is left as it is. */
async function storeAnswer(db: Database, issuerTaxId: string, batch: { recordId: string; number: string }[], answer: SubmissionAnswer) {
  const waitSeconds = answer.waitSeconds ?? DEFAULT_WAIT_SECONDS;
  const missing: string[] = [];
  await db.transaction(async (tx) => {
    for (const item of batch) {
      const line = answer.lines.find((l) => l.number === item.number && l.issuerTaxId === issuerTaxId);
      if (!line) {
        missing.push(item.number);
        continue;
      }
      const { state, keepError } = stateOfLine(line);
      await tx
        .update(invoiceRecordSubmissions)
        .set({
          state,
          csv: answer.csv,
          errorCode: keepError ? line.errorCode : null,
          errorDescription: keepError ? line.errorDescription : null,
          answeredAt: sql`now()`,
        })
        .where(and(eq(invoiceRecordSubmissions.recordId, item.recordId), eq(invoiceRecordSubmissions.state, 'pending')));
    }
    await tx
      .update(invoiceSubmissionSenders)
      .set({ nextSendAt: sql`now() + make_interval(secs => ${waitSeconds})` })
      .where(eq(invoiceSubmissionSenders.issuerTaxId, issuerTaxId));
  });
  // Left pending, they go in the next request; said loudly, as the AEAT answers every record it got.
  if (missing.length > 0) throw new Error(`the AEAT's answer has no line for ${missing.join(', ')}`);
}

/**
 * Sends an issuer's pending records to the AEAT, in chain order, in requests of up to `batchSize`,
 * and stores each record's answer. One sender per issuer (a lease): a run that finds it taken ends,
 * the holder sees its records before it lets go. Between requests it keeps the AEAT's waiting time,
 * unless a full request (1,000 records) is waiting, which the AEAT allows at once; a run that must
 * wait enqueues its successor for that time instead of sleeping. A network error, a 5xx or a SOAP
 * fault throws: the job is retried with backoff, and what was not answered is still pending.
 */
export async function submitPending(deps: SubmissionDeps, issuerTaxId: string): Promise<{ sent: number; requests: number }> {
  const leaseId = randomUUID();
  const lease = await takeLease(deps.db, issuerTaxId, leaseId, deps.leaseSeconds);
  if (!lease) {
    await followBusySender(deps, issuerTaxId);
    return { sent: 0, requests: 0 };
  }
  let nextSendAt = lease.nextSendAt;
  let sent = 0;
  let requests = 0;
  try {
    for (;;) {
      const pending = await pendingCount(deps.db, issuerTaxId);
      if (pending === 0) break;
      if (nextSendAt && nextSendAt.getTime() > Date.now() && pending < MAX_RECORDS_PER_REQUEST) break;
      // Held for another request's time from now.
      if (!(await takeLease(deps.db, issuerTaxId, leaseId, deps.leaseSeconds))) break;
      const claimed = await claimBatch(deps.db, issuerTaxId, Math.min(deps.batchSize, MAX_RECORDS_PER_REQUEST));
      if (claimed.length === 0) break;
      const inputs = await recordXmlInputs(
        deps.db,
        claimed.map((c) => c.recordId),
      );
      if (inputs.length !== claimed.length) throw new Error('a pending submission without its record');
      const system = computerSystem(deps.seller);
      const body = suministroLRXml(
        { obligadoEmision: { name: deps.seller.name, taxId: issuerTaxId } },
        inputs.map((input) => registroAltaXml(input, { system })),
      );
      const answer = await send(deps, body);
      requests += 1;
      sent += claimed.length;
      await storeAnswer(
        deps.db,
        issuerTaxId,
        // recordXmlInputs answers in the order asked.
        claimed.map((c, i) => ({ recordId: c.recordId, number: inputs[i]!.record.number })),
        answer,
      );
      nextSendAt = new Date(Date.now() + (answer.waitSeconds ?? DEFAULT_WAIT_SECONDS) * 1000);
    }
  } catch (error) {
    // The job's retry (with backoff) sends what is still pending: no successor now.
    await release(deps.db, issuerTaxId, leaseId);
    throw error;
  }
  const released = await release(deps.db, issuerTaxId, leaseId);
  if (released) await handOver(deps, issuerTaxId, released.nextSendAt);
  return { sent, requests };
}

/**
 * Another run holds the issuer. It sees this run's record before it lets go (`handOver`), unless
 * its process died with the lease: so one run (one per lease period, whatever the number of runs
 * that found it taken) is enqueued for just after the lease ends.
 */
async function followBusySender(deps: SubmissionDeps, issuerTaxId: string): Promise<void> {
  const [holder] = await deps.db
    .select({ leaseUntil: invoiceSubmissionSenders.leaseUntil })
    .from(invoiceSubmissionSenders)
    .where(eq(invoiceSubmissionSenders.issuerTaxId, issuerTaxId));
  if (!holder?.leaseUntil) return;
  await deps.enqueue(issuerTaxId, new Date(holder.leaseUntil.getTime() + 1000), `${issuerTaxId}:after:${holder.leaseUntil.toISOString()}`);
}

async function release(db: Database, issuerTaxId: string, leaseId: string) {
  const [released] = await db
    .update(invoiceSubmissionSenders)
    .set({ leaseId: null, leaseUntil: null })
    .where(and(eq(invoiceSubmissionSenders.issuerTaxId, issuerTaxId), eq(invoiceSubmissionSenders.leaseId, leaseId)))
    .returning({ nextSendAt: invoiceSubmissionSenders.nextSendAt });
  return released ?? null;
}

/**
 * After letting the issuer go, looks once more: a record written while this run held the lease had
 * its own run end at once, so this run enqueues the one that sends it — at the end of the waiting
 * time, or now.
 */
async function handOver(deps: SubmissionDeps, issuerTaxId: string, nextSendAt: Date | null): Promise<void> {
  if ((await pendingCount(deps.db, issuerTaxId)) === 0) return;
  const at = nextSendAt && nextSendAt.getTime() > Date.now() ? nextSendAt : null;
  await deps.enqueue(issuerTaxId, at, at ? `${issuerTaxId}:wait:${at.toISOString()}` : undefined);
}

/** Issuers with records still pending (start-up sends them: a run lost with its process leaves them). */
export async function issuersWithPending(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ issuerTaxId: invoiceRecordSubmissions.issuerTaxId })
    .from(invoiceRecordSubmissions)
    .where(eq(invoiceRecordSubmissions.state, 'pending'));
  return rows.map((r) => r.issuerTaxId);
}

/** Leases of processes that are gone (PGlite: one process per data directory, so any lease at start-up is a dead one's). */
export async function releaseAllLeases(db: Database): Promise<void> {
  await db.update(invoiceSubmissionSenders).set({ leaseId: null, leaseUntil: null });
}
