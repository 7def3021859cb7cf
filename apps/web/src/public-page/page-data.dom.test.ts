import { beforeEach, describe, expect, it } from 'vitest';
import { postJson, resetCsrf } from './page-data';

type Call = { url: string; init?: RequestInit };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fetch answering from `answers` in order, recording each call. */
function fakeFetch(answers: Response[]) {
  const calls: Call[] = [];
  const fetcher = ((url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const next = answers.shift();
    return next ? Promise.resolve(next) : Promise.reject(new TypeError('no answer left'));
  }) as typeof fetch;
  return { calls, fetcher };
}

const tokenHeader = (call: Call | undefined) => (call?.init?.headers as Record<string, string> | undefined)?.['X-CSRF-TOKEN'];

describe('the public page’s calls and the CSRF token', () => {
  beforeEach(() => resetCsrf());

  it('sends no token while the API needs none (a browser with Fetch Metadata)', async () => {
    const { calls, fetcher } = fakeFetch([json(201, { ok: 1 })]);
    const response = await postJson('/api/public/link/ana/1/messages', { name: 'A' }, {}, fetcher);
    expect(response.status).toBe(201);
    expect(calls).toHaveLength(1);
    expect(tokenHeader(calls[0])).toBeUndefined();
    expect(calls[0]!.init).toMatchObject({ method: 'POST', body: '{"name":"A"}', credentials: 'same-origin' });
  });

  it('fetches a token after a csrf.invalid refusal, sends again with it, and keeps it for the next call', async () => {
    const { calls, fetcher } = fakeFetch([
      json(403, { ok: 0, code: 'csrf.invalid' }),
      json(200, { ok: 1, data: { token: 'tok-123' } }),
      json(201, { ok: 1 }),
      json(200, { ok: 1 }),
    ]);
    const response = await postJson('/api/public/link/ana/1/messages', { name: 'A' }, {}, fetcher);
    expect(response.status).toBe(201);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/public/link/ana/1/messages',
      '/api/public/csrf-token',
      '/api/public/link/ana/1/messages',
    ]);
    expect(tokenHeader(calls[2])).toBe('tok-123');
    await postJson('/api/public/link/ana/1/click', { url: 'https://example.com' }, { keepalive: true }, fetcher);
    expect(tokenHeader(calls[3])).toBe('tok-123');
    expect(calls[3]!.init?.keepalive).toBe(true);
  });

  it('gives any other refusal back as it is, and tries only once', async () => {
    const other = fakeFetch([json(403, { ok: 0, code: 'csrf.cross_site' })]);
    expect((await postJson('/x', {}, {}, other.fetcher)).status).toBe(403);
    expect(other.calls).toHaveLength(1);
    const refusedAgain = fakeFetch([
      json(403, { ok: 0, code: 'csrf.invalid' }),
      json(200, { ok: 1, data: { token: 't' } }),
      json(403, { ok: 0, code: 'csrf.invalid' }),
    ]);
    const response = await postJson('/x', {}, {}, refusedAgain.fetcher);
    expect(response.status).toBe(403);
    expect(refusedAgain.calls).toHaveLength(3);
  });
});
