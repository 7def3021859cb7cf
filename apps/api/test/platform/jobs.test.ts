import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { storedFiles, users } from '../../src/db/schema/index.js';
import { createLocalStorage, newStorageKey } from '../../src/lib/storage.js';
import { sweepOrphans } from '../../src/modules/cloud/orphan-sweep.js';
import { ADMIN, bearer, createTestApp, DEMO, insertUser, login, queueIdle, waitFor, type TestContext } from '../helpers/test-app.js';

declare module '../../src/platform/jobs.js' {
  interface JobPayloads {
    'test.always-fails': { attempt: string };
    'test.counts': { n: number };
    'test.second-chance': { attempt: string };
  }
}

vi.setConfig({ testTimeout: 60_000 });

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'enlaza-jobs-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the job queue', () => {
  it('refuses WORKERS=off without PostgreSQL: with PGlite no other process could run the jobs', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', WORKERS: 'off' })).toThrow(/WORKERS=off needs DATABASE_URL/);
    expect(loadConfig({ NODE_ENV: 'test', WORKERS: 'off', DATABASE_URL: 'postgres://u@localhost/db' }).workers).toBe('off');
  });

  it('retries a job that always throws, with growing delays, then shows it as failed to admins only', async () => {
    const { jobs } = t.app.platform;
    const attempts: number[] = [];
    await jobs.define('test.always-fails', {
      retryLimit: 2,
      retryDelay: 1,
      retryBackoff: true,
      handler: async () => {
        attempts.push(Date.now());
        throw new Error('the printer is on fire');
      },
    });
    const id = await jobs.send('test.always-fails', { attempt: 'x' });
    const final = await waitFor(
      async () => {
        const state = await jobs.state(id!);
        return state?.state === 'failed' ? state : undefined;
      },
      'the job to fail',
      30_000,
    );
    expect(final.retryCount).toBe(2);
    expect(attempts).toHaveLength(3);
    // Backoff: each wait is at least half of retryDelay × 2^retry (pg-boss adds jitter on top).
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1900);

    const admin = await t.app.inject({ url: '/api/admin/jobs/failed', headers: bearer(await login(t.app, ADMIN)) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data).toContainEqual(
      expect.objectContaining({ id, name: 'test.always-fails', retryCount: 2, error: 'the printer is on fire', data: { attempt: 'x' } }),
    );
    const user = await t.app.inject({ url: '/api/admin/jobs/failed', headers: bearer(await login(t.app, DEMO)) });
    expect(user.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/jobs/failed' })).statusCode).toBe(401);
  });

  it('lets an admin run a failed job again (same kind and payload, once) or discard it; an unknown id is 404, a malformed one 422', async () => {
    const { jobs } = t.app.platform;
    const seen: string[] = [];
    let broken = true;
    await jobs.define('test.second-chance', {
      retryLimit: 0,
      handler: async ({ attempt }) => {
        if (broken) throw new Error('the disk was full');
        seen.push(attempt);
      },
    });
    const failJob = async (attempt: string) => {
      const id = (await jobs.send('test.second-chance', { attempt }))!;
      await waitFor(async () => ((await jobs.state(id))?.state === 'failed' ? true : undefined), 'the job to fail', 30_000);
      return id;
    };
    const first = await failJob('a');
    const second = await failJob('b');
    const admin = bearer(await login(t.app, ADMIN));
    const listed = async () =>
      ((await t.app.inject({ url: '/api/admin/jobs/failed', headers: admin })).json().data as { id: string }[]).map((j) => j.id);
    expect(await listed()).toEqual(expect.arrayContaining([first, second]));

    broken = false;
    const retried = await t.app.inject({ method: 'POST', url: `/api/admin/jobs/failed/${first}/retry`, headers: admin });
    expect(retried.statusCode, retried.body).toBe(200);
    const newId = retried.json().data.id as string;
    expect(newId).not.toBe(first);
    await waitFor(async () => ((await jobs.state(newId))?.state === 'completed' ? true : undefined), 'the retried job');
    expect(seen).toEqual(['a']);
    // Retried once: it left the list, and a second retry finds nothing to run.
    expect(await listed()).not.toContain(first);
    const again = await t.app.inject({ method: 'POST', url: `/api/admin/jobs/failed/${first}/retry`, headers: admin });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('record.not_found');

    const discarded = await t.app.inject({ method: 'DELETE', url: `/api/admin/jobs/failed/${second}`, headers: admin });
    expect(discarded.statusCode).toBe(200);
    expect(await listed()).not.toContain(second);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/jobs/failed/${second}`, headers: admin })).statusCode).toBe(404);
    await queueIdle(t.app, 'test.second-chance');
    expect(seen).toEqual(['a']);

    const malformed = await t.app.inject({ method: 'POST', url: '/api/admin/jobs/failed/not-an-id/retry', headers: admin });
    expect(malformed.statusCode).toBe(422);
  });

  it('refuses to run again a failed job of a kind this version no longer defines (409), and can still discard it', async () => {
    const { jobs } = t.app.platform;
    const id = randomUUID();
    // A job left failed by an earlier version, under a kind (queue) this version never defines.
    const sql = t.database.jobsDb.executeSql.bind(t.database.jobsDb);
    await sql(`SELECT pgboss.create_queue('test.removed-kind', '{"policy":"standard"}'::json)`, []);
    await sql(
      `INSERT INTO pgboss.job (id, name, data, state, output, completed_on) VALUES ($1, 'test.removed-kind', '{}', 'failed', '{"message":"gone"}', now())`,
      [id],
    );
    expect(await jobs.failedById(id)).toHaveLength(1);
    const admin = bearer(await login(t.app, ADMIN));
    const retried = await t.app.inject({ method: 'POST', url: `/api/admin/jobs/failed/${id}/retry`, headers: admin });
    expect([retried.statusCode, retried.json().code]).toEqual([409, 'jobs.unknown_kind']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/jobs/failed/${id}`, headers: admin })).statusCode).toBe(200);
  });

  it('enqueues a job with a write: not at all when the transaction rolls back', async () => {
    const { jobs } = t.app.platform;
    const seen: number[] = [];
    await jobs.define('test.counts', { handler: async ({ n }) => void seen.push(n) });
    await t.db
      .transaction(async (tx) => {
        await jobs.send('test.counts', { n: 1 }, { tx });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await t.db.transaction(async (tx) => {
      await jobs.send('test.counts', { n: 2 }, { tx });
    });
    await waitFor(async () => (seen.includes(2) ? true : undefined), 'the committed job');
    await queueIdle(t.app, 'test.counts');
    expect(seen).toEqual([2]);
  });
});

describe('domain events', () => {
  it('delivers an event after its transaction commits, once, and never one whose transaction rolled back', async () => {
    const { events } = t.app.platform;
    const delivered: { messageId: string; writerVisible: boolean }[] = [];
    await events.subscribe('message.received', 'test-recorder', async ({ messageId, userId }) => {
      // After commit: the row written in the publishing transaction is there.
      const [writer] = await t.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
      delivered.push({ messageId, writerVisible: Boolean(writer) });
    });
    const rolledBack = randomUUID();
    await t.db
      .transaction(async (tx) => {
        const writer = await insertUser(tx as unknown as Database);
        await events.publish(
          'message.received',
          {
            messageId: rolledBack,
            profileId: randomUUID(),
            userId: writer.id,
            profileName: 'Card',
            profileKind: 'card' as const,
            lostMode: false,
            senderName: 'Ana',
            senderEmail: 'ana@example.com',
            excerpt: 'Hello',
          },
          tx,
        );
        throw new Error('roll back');
      })
      .catch(() => undefined);
    const committed = randomUUID();
    await t.db.transaction(async (tx) => {
      const writer = await insertUser(tx as unknown as Database);
      await events.publish(
        'message.received',
        {
          messageId: committed,
          profileId: randomUUID(),
          userId: writer.id,
          profileName: 'Card',
          profileKind: 'card' as const,
          lostMode: false,
          senderName: 'Ana',
          senderEmail: 'ana@example.com',
          excerpt: 'Hello',
        },
        tx,
      );
    });
    await waitFor(async () => (delivered.length > 0 ? true : undefined), 'the committed event');
    await queueIdle(t.app, 'event.');
    expect(delivered).toEqual([{ messageId: committed, writerVisible: true }]);
  });
});

describe('the orphan upload sweep', () => {
  it('removes old bytes with no row and old .tmp files, and keeps files with rows and fresh uploads', async () => {
    const root = join(dataDir, 'sweep-files');
    const storage = createLocalStorage(root);
    const owner = await insertUser(t.db);
    const now = new Date();
    const old = new Date(now.getTime() - 2 * 60 * 60 * 1000);
    const keys = { owned: newStorageKey(), trashed: newStorageKey(), orphan: newStorageKey(), fresh: newStorageKey() };
    for (const key of Object.values(keys)) await storage.put(key, Buffer.from(key));
    await t.db.insert(storedFiles).values([
      { userId: owner.id, name: 'kept.txt', sizeBytes: 10, storageKey: keys.owned },
      { userId: owner.id, name: 'in-trash.txt', sizeBytes: 10, storageKey: keys.trashed, deletedAt: now },
    ]);
    const pathOf = (key: string) => join(root, key.slice(0, 2), key);
    for (const key of [keys.owned, keys.trashed, keys.orphan]) await utimes(pathOf(key), old, old);
    await mkdir(join(root, 'zz'), { recursive: true });
    await writeFile(join(root, 'zz', 'oldupload.abc.tmp'), 'half');
    await utimes(join(root, 'zz', 'oldupload.abc.tmp'), old, old);
    await writeFile(join(root, 'zz', 'freshupload.abc.tmp'), 'half');

    expect(await sweepOrphans(t.db, storage, now)).toEqual({ removed: 1, temporaries: 1 });
    const left = new Set((await Promise.all((await readdir(root)).map(async (d) => readdir(join(root, d))))).flat());
    expect(left).toEqual(new Set([keys.owned, keys.trashed, keys.fresh, 'freshupload.abc.tmp']));
    // Nothing left to do on a second run.
    expect(await sweepOrphans(t.db, storage, now)).toEqual({ removed: 0, temporaries: 0 });
  });
});
