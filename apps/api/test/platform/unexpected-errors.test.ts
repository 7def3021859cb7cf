import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { DatabaseHandle } from '../../src/db/client.js';
import { openTestDatabase } from '../helpers/database.js';

let app: Awaited<ReturnType<typeof buildApp>>;
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }), database });
  app.get('/api/__boom', () => {
    throw new Error('connection string postgres://secret@db');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

it('answers 500 in the request language without leaking internals', async () => {
  const res = await app.inject({ url: '/api/__boom', headers: { 'accept-language': 'jp' } });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ ok: 0, code: 'internal', message: 'サーバー側で問題が発生しました。もう一度お試しください。' });
  expect(res.body).not.toContain('secret');
});

it('says the web app is not built instead of failing when dist is missing', async () => {
  const res = await app.inject({ url: '/' });
  expect(res.statusCode).toBe(503);
  expect(res.body).toContain('npm run build');
});
