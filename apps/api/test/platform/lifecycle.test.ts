import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, testDatabaseUrl } from '../helpers/database.js';
import { runToExit, startServer } from '../helpers/server-process.js';

const credentials = {
  DEMO_EMAIL: 'demo@life.example',
  DEMO_PASSWORD: 'life-demo-password',
  ADMIN_EMAIL: 'admin@life.example',
  ADMIN_PASSWORD: 'life-admin-password',
};

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: credentials.DEMO_EMAIL, password: credentials.DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}
const userStatus = async (url: string, token: string) =>
  (await fetch(`${url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).status;

// Each test starts several server processes; on a busy machine that takes a while. A guard against hangs, not a speed check.
vi.setConfig({ testTimeout: 120_000 });

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

// PGlite's own pass runs it (on the PostgreSQL pass it was the same test a second time, ~30 s of
// server starts): skipped with a database server, as every other process test's PGlite half is.
describe.skipIf(testDatabaseUrl)('the server process on PGlite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'enlaza-life-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { ...credentials, DATA_DIR: dataDir, DATABASE_URL: '' };

  it('seeds once, refuses a second process on the same directory, closes on SIGTERM and keeps its data', async () => {
    const first = await startServer(env);
    expect(first.output()).toContain('seeded demo account: demo@life.example');
    const token = await signIn(first.url);

    const second = await runToExit(env);
    expect(second.code).toBe(1);
    expect(second.output).toContain(`The data directory ${dataDir} is in use by another Enlaza process (pid ${first.proc.pid})`);
    expect(await userStatus(first.url, token)).toBe(200); // the first one is unharmed

    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('SIGTERM received, closing');
    expect(existsSync(join(dataDir, 'enlaza.lock'))).toBe(false);

    const restarted = await startServer(env);
    expect(restarted.output()).not.toContain('seeded');
    expect(await userStatus(restarted.url, token)).toBe(200); // the session survived the restart
    expect(await restarted.stop('SIGINT')).toBe(0);
  });

  it('takes over a lock left by a process that died, restarting at once', async () => {
    const crashed = await startServer(env);
    const exited = crashed.stop('SIGKILL');
    // No waiting for the exit: the killed process may not even be reaped yet when the next one starts.
    const starting = startServer(env);
    await exited;
    const next = await starting;
    expect(await (await fetch(`${next.url}/api/ready`)).json()).toEqual({ ok: 1, database: 'up' });
    expect(await next.stop()).toBe(0);
  });

  it('stops with a clear line on a bad setting', async () => {
    const bad = await runToExit({ ...env, PORT: 'eighty' });
    expect(bad.code).toBe(1);
    expect(bad.output).toContain('Invalid configuration');
    expect(bad.output).toContain('PORT');
  });
});

describe.runIf(testDatabaseUrl)('the server process on PostgreSQL', () => {
  it('keeps its data across a restart', async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(scratch.drop);
    const env = { ...credentials, DATABASE_URL: scratch.url, DATA_DIR: mkdtempSync(join(tmpdir(), 'enlaza-pg-')) };
    const first = await startServer(env);
    const token = await signIn(first.url);
    expect(await first.stop()).toBe(0);
    const second = await startServer(env);
    expect(second.output()).not.toContain('seeded');
    expect(await userStatus(second.url, token)).toBe(200);
    expect(await second.stop()).toBe(0);
  });
});
