import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../src/db/client.js';
import { createMailer } from '../../src/modules/communications/mailer.js';
import type { OutgoingEmail } from '../../src/platform/mailer.js';
import { createJobs } from '../../src/platform/jobs.js';

const noop = () => undefined;
export const silentLog = {
  level: 'silent',
  info: noop,
  error: noop,
  warn: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  silent: noop,
  child: () => silentLog,
} as unknown as FastifyBaseLogger;

/**
 * Queues emails straight into a database (as the API would), without running any worker. Each job
 * keeps the expiry it is queued with (`timeoutSeconds`: JOB_TIMEOUT_SECONDS of the servers that will
 * run it, or a run killed mid-send is retried only after this queue's minute).
 */
export async function queueEmails(
  database: DatabaseHandle,
  smtpPort: number,
  emails: OutgoingEmail[],
  { timeoutSeconds = 60 }: { timeoutSeconds?: number } = {},
): Promise<void> {
  const jobs = createJobs(database, { workers: 'off', timeoutSeconds }, silentLog);
  const mailer = createMailer(
    database.db,
    {
      smtp: { host: '127.0.0.1', port: smtpPort, secure: false, user: undefined, password: undefined, dkim: null },
      mailFrom: 'Enlaza <no-reply@enlaza.test>',
    },
    silentLog,
    jobs,
    // No owner's sending domain in these emails.
    async () => null,
  );
  await jobs.start();
  for (const email of emails) await mailer.send(email);
  await jobs.stop();
}

/** Email jobs not finished yet and the delivery statuses, read straight from the database. */
export async function queueState(database: DatabaseHandle) {
  const pending = await database.jobsDb.executeSql(
    // Email jobs only: other queues (the renewals run kicked at start-up, cron ticks) may be waiting.
    "SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND name = 'email.send'",
  );
  const statuses = await database.jobsDb.executeSql('SELECT status, count(*)::int AS n FROM deliveries GROUP BY status');
  return {
    pending: (pending.rows[0] as { n: number }).n,
    statuses: Object.fromEntries((statuses.rows as { status: string; n: number }[]).map((r) => [r.status, r.n])),
  };
}
