import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { PGLITE_ENV } from '../helpers/crash-suites.js';
import { createScratchDatabase, testDatabaseUrl, pgliteDataDir } from '../helpers/database.js';
import { queueEmails, queueState } from '../helpers/jobs.js';
import { startMailbox } from '../helpers/mailbox.js';
import { startServer } from '../helpers/server-process.js';
import { waitFor } from '../helpers/test-app.js';

// Server processes, 200 SMTP sessions and a retry after the crash: slow on a busy machine.
vi.setConfig({ testTimeout: 180_000 });

const TOTAL = 200;
/** The two deadlines a run's servers get. */
type Deadlines = { JOB_TIMEOUT_SECONDS: string; SMTP_SEND_TIMEOUT_SECONDS: string };
/**
 * On PostgreSQL, how long a job may run before it counts as stuck (JOB_TIMEOUT_SECONDS, and the expiry
 * the jobs are queued with): the emails in flight at the kill are sent again after it. Above the send
 * deadline (SMTP_SEND_TIMEOUT_SECONDS), as in production: a send that is only slow is not sent twice.
 * On PGlite the restart frees the jobs at once: long deadlines (PGLITE_ENV).
 */
const POSTGRES_DEADLINES: Deadlines = { JOB_TIMEOUT_SECONDS: '6', SMTP_SEND_TIMEOUT_SECONDS: '5' };
/** How many emails one API process sends at once (`concurrency` of email.send in platform/job-list.ts). */
const SENDING_AT_ONCE = 2;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const recipients = Array.from({ length: TOTAL }, (_, i) => `r${i}@crash.example`);

/**
 * 200 emails are queued; the API process sends them until 60 are accepted, then the SMTP server stops
 * answering and the process is killed (SIGKILL) while every one of its sends waits for that answer.
 * After a restart every recipient has exactly one email.
 */
async function killMidSendAndRestart(open: () => Promise<DatabaseHandle>, env: Record<string, string>, deadlines: Deadlines) {
  let holding = false;
  const mail = await startMailbox({ holdWhen: () => holding });
  cleanups.push(() => mail.close());
  const setup = await open();
  await queueEmails(
    setup,
    mail.port,
    recipients.map((to, i) => ({
      to,
      subject: `Email ${i}`,
      text: `Hello ${i}`,
      html: `<p>Hello ${i}</p>`,
      userId: null,
      kind: 'system' as const,
    })),
    { timeoutSeconds: Number(deadlines.JOB_TIMEOUT_SECONDS) },
  );
  await setup.close();

  const serverEnv = { ...env, ...mail.env, ...deadlines };
  const first = await startServer(serverEnv);
  await waitFor(async () => (mail.received.length >= 60 ? true : undefined), '60 emails before the crash', 60_000);
  holding = true;
  // Every sending slot is waiting for the server's answer to a message it will never see accepted.
  await waitFor(async () => (mail.held() >= SENDING_AT_ONCE ? true : undefined), 'the sends in flight', 30_000);
  await first.stop('SIGKILL');
  const beforeRestart = mail.received.length;
  expect(beforeRestart).toBeLessThan(TOTAL);
  holding = false;

  const second = await startServer(serverEnv);
  await waitFor(async () => (new Set(mail.received.flatMap((m) => m.to)).size === TOTAL ? true : undefined), 'every recipient', 120_000);
  expect(await second.stop('SIGTERM')).toBe(0);

  const check = await open();
  try {
    expect(await queueState(check)).toEqual({ pending: 0, statuses: { sent: TOTAL } });
  } finally {
    await check.close();
  }
  for (const to of recipients) expect(mail.count(to), to).toBe(1);
  // One Message-ID per delivery, never reused by another.
  const ids = mail.received.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1]);
  expect(new Set(ids).size).toBe(TOTAL);
}

describe.skipIf(testDatabaseUrl)('emails through the queue on PGlite', () => {
  it('loses none and sends none twice when the process is killed mid-send', async () => {
    const dataDir = pgliteDataDir('enlaza-crash-');
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await killMidSendAndRestart(() => openDatabase({ kind: 'pglite', dataDir }), { DATA_DIR: dataDir, DATABASE_URL: '' }, PGLITE_ENV);
  });
});

describe.skipIf(!testDatabaseUrl)('emails through the queue on PostgreSQL', () => {
  it('loses none and sends none twice when the process is killed mid-send', async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(() => scratch.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'enlaza-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    await killMidSendAndRestart(
      () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 }),
      {
        DATA_DIR: dataDir,
        DATABASE_URL: scratch.url,
      },
      POSTGRES_DEADLINES,
    );
  });
});
