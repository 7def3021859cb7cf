import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { createScratchDatabase, testDatabaseUrl } from '../helpers/database.js';
import { queueEmails, queueState } from '../helpers/jobs.js';
import { startMailbox } from '../helpers/mailbox.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { waitFor } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 180_000 });

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// Separate processes on one database are a PostgreSQL feature: a PGlite directory has one process.
describe.skipIf(!testDatabaseUrl)('jobs with several processes on one PostgreSQL database', () => {
  it('runs each job exactly once while two API processes work the same queue', async () => {
    const mail = await startMailbox();
    cleanups.push(() => mail.close());
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(() => scratch.drop());
    const dataDir = mkdtempSync(join(tmpdir(), 'enlaza-procs-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { ...mail.env, DATA_DIR: dataDir, DATABASE_URL: scratch.url, DATABASE_POOL_SIZE: '3' };

    // Both processes are up before the jobs exist, so both compete for them.
    const servers: ServerProcess[] = [await startServer(env), await startServer(env)];
    cleanups.push(async () => void (await Promise.all(servers.map((s) => s.stop('SIGKILL')))));
    const database = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    cleanups.push(() => database.close());
    const recipients = Array.from({ length: 80 }, (_, i) => `p${i}@procs.example`);
    await queueEmails(
      database,
      mail.port,
      recipients.map((to) => ({ to, subject: 'Once', text: 'Once', html: '<p>Once</p>', userId: null, kind: 'system' as const })),
    );

    await waitFor(async () => ((await queueState(database)).pending === 0 ? true : undefined), 'the queue to empty', 120_000);
    for (const to of recipients) expect(mail.count(to), to).toBe(1);
    expect((await queueState(database)).statuses).toEqual({ sent: recipients.length });

    expect(await Promise.all(servers.map((s) => s.stop('SIGTERM')))).toEqual([0, 0]);
  });
});
