import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, testDatabaseUrl } from '../helpers/database.js';
import { startServer, type ServerProcess } from '../helpers/server-process.js';
import { openStream } from '../helpers/sse.js';

// Two server processes start on a shared, busy machine: a guard against hangs, not a speed check.
vi.setConfig({ testTimeout: 120_000 });

const credentials = {
  DEMO_EMAIL: 'demo@two.example',
  DEMO_PASSWORD: 'two-process-password',
  DEMO_PLAN: 'business',
  ADMIN_EMAIL: 'admin@two.example',
  ADMIN_PASSWORD: 'two-admin-password',
};
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(init.token && { authorization: `Bearer ${init.token}` }),
  };
  const res = await fetch(url, { ...init, headers });
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

describe.runIf(testDatabaseUrl)('two API processes on one PostgreSQL database', () => {
  it('a message posted through one process reaches a stream connected to the other', async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(scratch.drop);
    const dataDir = mkdtempSync(join(tmpdir(), 'enlaza-two-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { ...credentials, DATABASE_URL: scratch.url, DATA_DIR: dataDir, APP_SECRET: 'two-processes-share-this-secret-0123456789' };
    const first: ServerProcess = await startServer(env);
    cleanups.push(() => first.stop());
    const second: ServerProcess = await startServer(env);
    cleanups.push(() => second.stop());

    const login = await json(`${first.url}/api/login`, {
      method: 'POST',
      body: JSON.stringify({ email: credentials.DEMO_EMAIL, password: credentials.DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token = login.body.data.token as string;
    const me = await json(`${first.url}/api/user`, { token });
    const alias = (me.body as unknown as { alias: string }).alias;
    const profile = await json(`${first.url}/api/profiles`, {
      method: 'POST',
      token,
      body: JSON.stringify({ kind: 'card', card: { firstName: 'Two', lastName: 'Processes' } }),
    });
    expect(profile.status).toBe(201);

    const live = await openStream(`${second.url}/api/notifications/stream`, token);
    cleanups.push(() => live.close());
    expect(live.status).toBe(200);
    await live.next('unread');

    const sent = await json(`${first.url}/api/public/link/${alias}/${String(profile.body.data.id)}/messages`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Pat Passerby', email: 'pat@passerby.example', message: 'Across processes' }),
    });
    expect(sent.status).toBe(201);
    const event = await live.next('notification', 20_000);
    expect(event.data).toMatchObject({ type: 'new_message', title: 'New message from Pat Passerby', unread: 1 });
  });
});
