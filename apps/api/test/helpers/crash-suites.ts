import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import { createScratchDatabase, pgliteDataDir, testDatabaseUrl } from './database.js';
import { waitFor } from './test-app.js';

/** A JSON call to a server process over HTTP (a bearer token when given); any answer but 2xx throws. */
export async function callServer<T>(base: string, token: string | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * The deadlines of a kill test's servers on PGlite: long ones (the default send deadline, a job's two
 * minutes above it). There a restart frees at once the jobs and campaign rows the killed process held
 * (one process owns the data directory), so short ones save no wait, and under a busy machine's load a
 * send or job past a short one is done again while its first try may still land. On PostgreSQL the
 * tests set short ones: another process waits them out before it takes over.
 */
export const PGLITE_ENV = { JOB_TIMEOUT_SECONDS: '120', SMTP_SEND_TIMEOUT_SECONDS: '60' } as const;

/**
 * Before a kill mid-send, with the SMTP server holding its answers: waits until a send is held and every
 * email the server accepted is marked sent (`marked`, the app's own count through its API). An email
 * accepted but not yet marked at the kill is sent again after the restart — the crash window
 * docs/sending.md bounds (at most one per connection), which a busy machine made likely when the kill
 * followed the first held send; the kill tests are about everything else.
 */
export async function acceptedAreMarked(mail: { held: () => number; received: unknown[] }, marked: () => Promise<number>): Promise<void> {
  await waitFor(
    async () => (mail.held() >= 1 && (await marked()) === mail.received.length ? true : undefined),
    'sends in flight, every accepted email marked sent',
    60_000,
  );
}

/** What a kill-and-restart scenario gets: how to open the database its servers use, their settings, and where to leave cleanups. */
export type CrashScenario = (
  open: () => Promise<DatabaseHandle>,
  env: Record<string, string>,
  cleanups: (() => Promise<void> | void)[],
) => Promise<void>;

/**
 * One kill-and-restart scenario on the database this run tests: PGlite in a data directory of its
 * own, or (TEST_DATABASE_URL set) a scratch PostgreSQL database. `subject` names the suite
 * ("a campaign" → "a campaign on PGlite"); `pgliteEnv` adds settings for the PGlite case only.
 */
export function describeCrash(subject: string, title: string, scenario: CrashScenario, pgliteEnv: Record<string, string> = {}): void {
  const cleanups: (() => Promise<void> | void)[] = [];
  const prefix = `enlaza-${subject.replace(/\W+/g, '-')}-crash-`;
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  describe.skipIf(testDatabaseUrl)(`${subject} on PGlite`, () => {
    it(title, async () => {
      const dataDir = pgliteDataDir(prefix);
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await scenario(() => openDatabase({ kind: 'pglite', dataDir }), { DATA_DIR: dataDir, DATABASE_URL: '', ...pgliteEnv }, cleanups);
    });
  });
  describe.skipIf(!testDatabaseUrl)(`${subject} on PostgreSQL`, () => {
    it(title, async () => {
      const scratch = await createScratchDatabase(testDatabaseUrl!);
      cleanups.push(() => scratch.drop());
      const dataDir = mkdtempSync(join(tmpdir(), prefix));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      await scenario(
        () => openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 }),
        { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
        cleanups,
      );
    });
  });
}
