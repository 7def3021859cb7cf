import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.js';
import { defineJob } from '../../../platform/job-list.js';
import type { Jobs } from '../../../platform/jobs.js';
import { createEventLog, type EventLog } from './event-log.js';
import { createRecordSigning, type SignRecord } from './record-signing.js';
import { computerSystem } from './record-source.js';
import { loadRecordSigner } from './xades.js';

declare module '../../../platform/jobs.js' {
  interface JobPayloads {
    'invoices.event-summary': Record<string, never>;
  }
}

export type NoVerifactu = { signRecord: SignRecord | null; eventLog: EventLog | null };

/**
 * What a NO VERI*FACTU system keeps besides the record chain: each record signed (XAdES) with the
 * seller's certificate when one is configured, and the event log. In VERI*FACTU mode there is
 * neither (the records are sent to the AEAT, which is their signature, and no event log is required).
 */
export async function setUpNoVerifactu(deps: {
  db: Database;
  mode: 'no-verifactu' | 'verifactu';
  certificate: { file: string; password: string } | null;
  seller: { name: string; taxId: string };
  timeZone: string;
  now: () => Date;
  log: FastifyBaseLogger;
  jobs: Jobs;
}): Promise<NoVerifactu> {
  let eventLog: EventLog | null = null;
  // Defined in either mode (the job list is one); in VERI*FACTU mode there is no log to summarise.
  await defineJob(deps.jobs, 'invoices.event-summary', async () => void (await eventLog?.summarize()));
  if (deps.mode !== 'no-verifactu') return { signRecord: null, eventLog: null };
  const system = computerSystem(deps.seller);
  let signer = null;
  if (deps.certificate) {
    try {
      signer = await loadRecordSigner(deps.certificate.file, deps.certificate.password);
    } catch (error) {
      throw new Error(
        `VERIFACTU_CERT_FILE ${deps.certificate.file} cannot be read as a PKCS#12 file with VERIFACTU_CERT_PASSWORD: ${(error as Error).message}`,
      );
    }
    deps.log.info(
      { subject: signer.subject, notAfter: signer.notAfter.toISOString() },
      'VERI*FACTU: invoice records and events are signed (XAdES)',
    );
  } else {
    deps.log.warn(
      'VERI*FACTU: no certificate (VERIFACTU_CERT_FILE): invoice records and events are stored unsigned, as a demo or development server only',
    );
  }
  eventLog = createEventLog({ db: deps.db, seller: deps.seller, system, signer, timeZone: deps.timeZone, now: deps.now });
  return { signRecord: signer ? createRecordSigning(signer, system) : null, eventLog };
}
