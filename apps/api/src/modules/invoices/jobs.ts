import { createHash } from 'node:crypto';
import type { Database, Transaction } from '../../db/client.js';
import { defineJob } from '../../platform/job-list.js';
import type { Jobs } from '../../platform/jobs.js';
import type { InvoiceRecordRow } from './chain.js';
import { createSoapPost, type Certificate } from './verifactu/transport.js';
import { issuersWithPending, recordPending, releaseAllLeases, submitPending } from './verifactu/submission.js';

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    /** One issuer's pending records; without an issuer, every issuer that has some (the schedule's sweep). */
    'invoices.submit-records': { issuerTaxId?: string };
  }
}

export type SubmissionSettings = {
  endpoint: string;
  batchSize: number;
  certificate: Certificate | null;
  seller: { name: string; taxId: string };
  /** The job's timeout: a sender's lease lasts as long, and a request gives up at half of it. */
  leaseSeconds: number;
};

/** A UUID made of a key: runs enqueued with one key are one job row (pg-boss ignores a second insert of an id). */
function keyedId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * VERI*FACTU sending (verifactu/submission.ts): a run per issuer, enqueued in the transaction that
 * writes each record, and a sweep on the schedule for what a run that failed for good left pending.
 */
export function createRecordSubmissions(deps: { db: Database; jobs: Jobs; settings: SubmissionSettings }) {
  const { db, jobs, settings } = deps;
  const enqueue = async (issuerTaxId: string, startAfter: Date | null, key?: string) => {
    await jobs.send(
      'invoices.submit-records',
      { issuerTaxId },
      { ...(startAfter ? { startAfter } : {}), ...(key ? { id: keyedId(key) } : {}) },
    );
  };
  let post: ReturnType<typeof createSoapPost> | undefined;
  const submissionDeps = () => ({
    db,
    post: (post ??= createSoapPost(settings.endpoint, settings.certificate, Math.max(5, settings.leaseSeconds / 2) * 1000)),
    seller: settings.seller,
    batchSize: settings.batchSize,
    leaseSeconds: settings.leaseSeconds,
    enqueue,
  });
  return {
    /** In the transaction that writes the record: its pending submission and the run that sends it. */
    recordWritten: async (tx: Transaction, record: InvoiceRecordRow): Promise<void> => {
      await recordPending(tx, record);
      await jobs.send('invoices.submit-records', { issuerTaxId: record.issuerTaxId }, { tx });
    },
    async define(): Promise<void> {
      await defineJob(jobs, 'invoices.submit-records', async ({ issuerTaxId }, { log }) => {
        if (!issuerTaxId) {
          for (const issuer of await issuersWithPending(db)) await enqueue(issuer, null);
          return;
        }
        const run = await submitPending(submissionDeps(), issuerTaxId);
        if (run.requests > 0) log.info({ issuerTaxId, ...run }, 'invoice records sent to the AEAT');
      });
    },
    /** At start-up: PGlite's leases are a dead process's; what is pending is sent. */
    async resume(kind: 'pglite' | 'postgres'): Promise<void> {
      if (!jobs.working) return;
      if (kind === 'pglite') await releaseAllLeases(db);
      for (const issuer of await issuersWithPending(db)) await enqueue(issuer, null);
    },
  };
}
export type RecordSubmissions = ReturnType<typeof createRecordSubmissions>;
