import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionPlugin } from '../../src/platform/compression.js';
import { createTestApp, insertUser, login, bearer, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let web: string;
const JS = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
const CSS = Array.from({ length: 200 }, (_, i) => `.c${i} { color: #${(i * 4096).toString(16).padStart(6, '0').slice(0, 6)}; }`).join('\n');

beforeAll(async () => {
  // A built web app as the build leaves it: hashed assets with .br and .gz beside them.
  web = mkdtempSync(join(tmpdir(), 'enlaza-web-'));
  cpSync(fileURLToPath(new URL('../fixtures/web', import.meta.url)), web, { recursive: true });
  mkdirSync(join(web, 'assets'), { recursive: true });
  for (const [name, body] of [
    ['big-Ab12Cd34.js', JS],
    ['big-Ab12Cd34.css', CSS],
  ] as const) {
    writeFileSync(join(web, 'assets', name), body);
    writeFileSync(join(web, 'assets', `${name}.br`), brotliCompressSync(body));
    writeFileSync(join(web, 'assets', `${name}.gz`), gzipSync(body));
  }
  t = await createTestApp({ WEB_DIST: web, PUBLIC_URL: 'https://enlaza.example' });
});
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString('utf8');

describe('compression', () => {
  it('sends HTML, JSON, JS and CSS brotli-compressed, gzip-compressed or plain as the client accepts, with Vary', async () => {
    const owner = await insertUser(t.db, { alias: `zip-${Date.now() % 100000}` });
    const token = await login(t.app, owner);
    const id = (
      await t.app.inject({
        method: 'POST',
        url: '/api/profiles',
        headers: bearer(token),
        payload: { kind: 'card', card: { firstName: 'Zoe', bio: 'A long biography. '.repeat(50) } },
      })
    ).json().data.id;
    const targets = [
      { url: `/link/${owner.alias}/${id}`, type: 'text/html', contains: 'Zoe' },
      { url: `/api/public/link/${owner.alias}/${id}`, type: 'application/json', contains: '"firstName":"Zoe"' },
      { url: '/assets/big-Ab12Cd34.js', type: 'javascript', contains: 'word399' },
      { url: '/assets/big-Ab12Cd34.css', type: 'text/css', contains: '.c199' },
    ];
    for (const target of targets) {
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
        ['', undefined],
      ] as const) {
        const res = await t.app.inject({ url: target.url, headers: accept ? { 'accept-encoding': accept } : {} });
        expect(res.statusCode, `${target.url} ${accept}`).toBe(200);
        expect(res.headers['content-encoding'], `${target.url} ${accept}`).toBe(expected);
        expect(res.headers['content-type']).toContain(target.type);
        expect(String(res.headers.vary).toLowerCase(), target.url).toContain('accept-encoding');
        expect(decode(expected, res.rawPayload)).toContain(target.contains);
      }
    }
  });

  it('leaves small answers, images, downloads and event streams uncompressed', async () => {
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    // A small file of the web app (the build precompresses none under 1 KB): sent as it is, not
    // compressed per request because it comes as a stream.
    const robots = await t.app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'br, gzip' } });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.payload.trim()).toBe('x');

    const app = Fastify();
    await app.register(compressionPlugin);
    const big = 'data: event\n\n'.repeat(500);
    app.get('/events', (_request, reply) => reply.type('text/event-stream').send(Readable.from([big])));
    app.get('/download', (_request, reply) => reply.type('application/octet-stream').send(Buffer.alloc(5000, 1)));
    app.get('/image', (_request, reply) => reply.type('image/png').send(Buffer.alloc(5000, 2)));
    app.get('/text', (_request, reply) => reply.type('text/plain').send(big));
    for (const url of ['/events', '/download', '/image']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.rawPayload.length, url).toBeGreaterThanOrEqual(5000);
    }
    expect((await app.inject({ url: '/text', headers: { 'accept-encoding': 'br, gzip' } })).headers['content-encoding']).toBe('br');
    await app.close();
  });
});
