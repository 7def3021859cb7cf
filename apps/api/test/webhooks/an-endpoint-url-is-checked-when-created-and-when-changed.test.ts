import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

/** Every bad URL and the answer it gets, on both routes that take one. */
type BadUrl = { url: string; status: number; code: string };

const MALFORMED: BadUrl[] = [
  { url: 'not a url', status: 400, code: 'webhook_endpoint.url_invalid' },
  { url: 'ftp://hooks.example/x', status: 400, code: 'webhook_endpoint.url_invalid' },
  { url: 'https://user:secret@hooks.example/x', status: 400, code: 'webhook_endpoint.url_invalid' },
  { url: '   ', status: 422, code: 'validation.failed' },
];
const PRODUCTION_ONLY: BadUrl[] = [
  { url: 'http://93.184.216.34/hook', status: 400, code: 'webhook_endpoint.https_required' },
  ...[
    'https://127.0.0.1/hook',
    'https://10.1.2.3/hook',
    'https://[::1]/hook',
    'https://169.254.169.254/latest',
    'https://localhost/hook',
  ].map((url) => ({ url, status: 400, code: 'webhook_endpoint.private_address' })),
];

/** What POST and PATCH answer for each bad URL, and the URL saved after them, in one list (a failure names every route and URL let through). */
async function answersFor(t: TestContext, table: BadUrl[], goodUrl: string) {
  const headers = bearer(await login(t.app, await insertUser(t.db)));
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers,
    payload: { url: goodUrl, events: ['payment.failed'] },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().data.endpoint.id as string;
  const answers: string[] = [];
  for (const { url } of table) {
    const post = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers, payload: { url, events: ['payment.failed'] } });
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/webhooks/${id}`, headers, payload: { url } });
    answers.push(`POST ${url} → ${post.statusCode} ${post.json().code}`, `PATCH ${url} → ${patch.statusCode} ${patch.json().code}`);
  }
  // And nothing was saved: the one endpoint still has the URL it was created with.
  const list = (await t.app.inject({ url: '/api/webhooks', headers })).json().data as { url: string }[];
  return [...answers, `saved: ${list.map((e) => e.url).join(', ')}`];
}
const expected = (table: BadUrl[], goodUrl: string) => [
  ...table.flatMap(({ url, status, code }) => [`POST ${url} → ${status} ${code}`, `PATCH ${url} → ${status} ${code}`]),
  `saved: ${goodUrl}`,
];

describe('an endpoint URL, checked alike by POST and PATCH /api/webhooks', () => {
  let dev: TestContext;
  let prod: TestContext;
  beforeAll(async () => {
    dev = await createTestApp();
    prod = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
  });

  it('in production: https only, public addresses only, and a well-formed URL', async () => {
    const table = [...PRODUCTION_ONLY, ...MALFORMED];
    // A public IP literal: the check needs no name server.
    const goodUrl = 'https://93.184.216.34/hook';
    expect(await answersFor(prod, table, goodUrl)).toEqual(expected(table, goodUrl));
  });

  it('in development: a local http server is fine, a malformed URL is not', async () => {
    const goodUrl = 'http://127.0.0.1:9/hook';
    expect(await answersFor(dev, MALFORMED, goodUrl)).toEqual(expected(MALFORMED, goodUrl));
  });
});
