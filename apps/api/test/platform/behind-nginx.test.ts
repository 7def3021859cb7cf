import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, testDatabaseUrl } from '../helpers/database.js';
import { startServer, startWorker, type ServerProcess } from '../helpers/server-process.js';
import { openStream } from '../helpers/sse.js';
import { waitFor } from '../helpers/test-app.js';
import { freePort } from '../helpers/free-port.js';

/**
 * The deployment of docs/operations.md ("Behind nginx"), run: Debian's nginx with the site file
 * docs/deploy/nginx.conf (only its ports and listen line replaced) in front of two API processes
 * (WORKERS=off, TRUST_PROXY=1) and a worker process, on one PostgreSQL database. Through the proxy:
 * a notification stream is not buffered, visitor addresses come from X-Forwarded-For (the contact
 * form's per-address limit is per visitor), and answers are compressed once, by the app.
 *
 * Visitors are told apart by the address they connect from: all of 127.0.0.0/8 is this machine's
 * loopback, so a request bound to 127.0.0.2 reaches nginx as a visitor at 127.0.0.2, while nginx
 * itself reaches the API processes from 127.0.0.1.
 */

const NGINX = '/usr/sbin/nginx';
const SITE = fileURLToPath(new URL('../../../../docs/deploy/nginx.conf', import.meta.url));
const WEB_FIXTURE = fileURLToPath(new URL('../fixtures/web', import.meta.url));

// Four Node processes and nginx start on a shared, busy machine: a guard against hangs, not a speed check.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const credentials = {
  DEMO_EMAIL: 'demo@nginx.example',
  DEMO_PASSWORD: 'behind-nginx-password',
  DEMO_PLAN: 'business',
  ADMIN_EMAIL: 'admin@nginx.example',
  ADMIN_PASSWORD: 'behind-nginx-admin-password',
};
const PER_ADDRESS = 2;
const JS = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i}`))};\n`;

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  // Every cleanup runs, whatever an earlier one threw.
  const errors: unknown[] = [];
  for (const cleanup of cleanups.reverse())
    await Promise.resolve()
      .then(cleanup)
      .catch((error: unknown) => errors.push(error));
  if (errors.length) throw errors[0];
});

/** SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
async function stopProcess(stop: (signal?: NodeJS.Signals) => Promise<unknown>, graceMs = 15_000) {
  let timer: NodeJS.Timeout | undefined;
  const killed = new Promise((resolve) => {
    timer = setTimeout(() => resolve(stop('SIGKILL')), graceMs);
  });
  await Promise.race([stop('SIGTERM'), killed]);
  clearTimeout(timer);
}

/** The documented site, with only its upstream ports and its listen line replaced (each must be found once). */
function siteFor(apiPorts: [number, number], listenPort: number): string {
  let site = readFileSync(SITE, 'utf8');
  const replace = (from: string, to: string) => {
    expect(site.split(from).length - 1, `docs/deploy/nginx.conf has "${from}" once`).toBe(1);
    site = site.replace(from, to);
  };
  replace('server 127.0.0.1:3001;', `server 127.0.0.1:${apiPorts[0]};`);
  replace('server 127.0.0.1:3002;', `server 127.0.0.1:${apiPorts[1]};`);
  replace('listen 80;', `listen 127.0.0.1:${listenPort};`);
  return site;
}

type Nginx = { url: string; port: number; output: () => string };

/**
 * nginx in the foreground, as a child of this test, with the site inside an http block like
 * Debian's /etc/nginx/nginx.conf (its mime types, and its `gzip on`, which the site must undo);
 * pid, logs and temporary files in `dir`.
 */
async function startNginx(dir: string, site: string, port: number): Promise<Nginx> {
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  writeFileSync(join(dir, 'enlaza.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1;',
      'events { worker_connections 256; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      // Debian's nginx.conf turns gzip on and suggests these types (commented out there; many uncomment them).
      '  gzip on;',
      '  gzip_types text/plain text/css application/json application/javascript text/xml application/xml application/xml+rss text/javascript;',
      `  access_log ${join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`),
      `  include ${join(dir, 'enlaza.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const errorLog = join(dir, 'error.log');
  const proc: ChildProcess = spawn(
    NGINX,
    [
      '-p',
      dir,
      '-e',
      errorLog,
      '-c',
      join(dir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${join(dir, 'nginx.pid')}; error_log ${errorLog} info;`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  proc.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    return exited;
  };
  cleanups.push(() => stopProcess(stop));
  const url = `http://127.0.0.1:${port}`;
  const log = () => `${output}${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`;
  await waitFor(
    async () => {
      if (proc.exitCode !== null) throw new Error(`nginx exited with ${proc.exitCode}:\n${log()}`);
      return fetch(`${url}/api/health`).then(
        (res) => (res.ok ? true : undefined),
        () => undefined,
      );
    },
    'nginx to answer through to the API',
    30_000,
  );
  return { url, port, output: log };
}

/** `promise`, or a failure naming `what` after `ms` (a buffering proxy holds even a stream's headers). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** One request with node:http (fetch would decompress on its own), optionally from a given local address. */
function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, localAddress: init.from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

function decoded(answer: Answer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  if (encoding === undefined) return answer.body;
  throw new Error(`unexpected Content-Encoding ${String(encoding)}`);
}

const runs = Boolean(testDatabaseUrl) && existsSync(NGINX);

describe.runIf(runs)('behind nginx: the documented site in front of two API processes and a worker (PostgreSQL)', () => {
  let front: Nginx;
  let untrusting: Nginx;
  let apis: ServerProcess[];
  let token: string;
  let alias: string;
  let profileId: string;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!);
    cleanups.push(() => scratch.drop());
    const root = mkdtempSync(join(tmpdir(), 'enlaza-nginx-'));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    // nginx's workers run as `nobody` when the test runs as root: they must reach their temporary files.
    chmodSync(root, 0o755);
    // A built web app as the build leaves it: a hashed asset with its .br and .gz beside it.
    const web = join(root, 'web');
    cpSync(WEB_FIXTURE, web, { recursive: true });
    writeFileSync(join(web, 'assets', 'big-Ab12Cd34.js'), JS);
    writeFileSync(join(web, 'assets', 'big-Ab12Cd34.js.br'), brotliCompressSync(JS));
    writeFileSync(join(web, 'assets', 'big-Ab12Cd34.js.gz'), gzipSync(JS));

    const env = {
      ...credentials,
      DATABASE_URL: scratch.url,
      DATA_DIR: join(root, 'data'),
      WEB_DIST: web,
      APP_SECRET: 'behind-nginx-processes-share-this-secret',
      CONTACT_LIMIT_PER_ADDRESS: String(PER_ADDRESS),
      DATABASE_POOL_SIZE: '3',
      // Visitors written each second: the count is checked after two more writes, not five seconds' wait.
      VISIT_COUNTERS_FLUSH_SECONDS: '1',
    };
    const stopAll = (processes: ServerProcess[]) => () => Promise.all(processes.map((p) => stopProcess(p.stop)));
    // The first start migrates and seeds; the others then start on a ready database.
    const first = await startServer({ ...env, WORKERS: 'off', TRUST_PROXY: '1' });
    cleanups.push(stopAll([first]));
    const started = await Promise.allSettled([
      startServer({ ...env, WORKERS: 'off', TRUST_PROXY: '1' }),
      startWorker(env),
      // The contrast: the same site in front of an API process that does not trust the proxy.
      startServer({ ...env, WORKERS: 'off' }),
    ]);
    // Those that started are stopped at the end even when another did not start.
    cleanups.push(stopAll(started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))));
    const [second, , plain] = started.map((s) => {
      if (s.status === 'rejected') throw s.reason;
      return s.value;
    }) as [ServerProcess, ServerProcess, ServerProcess];
    apis = [first, second];
    const portOf = (server: ServerProcess) => Number(new URL(server.url).port);

    const frontPort = await freePort();
    let untrustingPort = await freePort();
    while (untrustingPort === frontPort) untrustingPort = await freePort();
    front = await startNginx(join(root, 'nginx'), siteFor([portOf(first), portOf(second)], frontPort), frontPort);
    untrusting = await startNginx(join(root, 'nginx-untrusting'), siteFor([portOf(plain), portOf(plain)], untrustingPort), untrustingPort);

    const login = await fetch(`${front.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: credentials.DEMO_EMAIL, password: credentials.DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { data: { token: string } }).data.token;
    const me = (await (await fetch(`${front.url}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      alias: string;
    };
    alias = me.alias;
    const profile = await fetch(`${front.url}/api/profiles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ kind: 'card', card: { firstName: 'Nina', lastName: 'Nginx', bio: 'Behind a proxy. '.repeat(50) } }),
    });
    expect(profile.status).toBe(201);
    profileId = ((await profile.json()) as { data: { id: string } }).data.id;
  });

  /** A visitor's message through the contact form, as the public page's script sends it, from a local address. */
  function contact(proxy: Nginx, from: string, extraHeaders: Record<string, string> = {}) {
    return send(`${proxy.url}/api/public/link/${alias}/${profileId}/messages`, {
      method: 'POST',
      from,
      headers: {
        'content-type': 'application/json',
        origin: proxy.url,
        'sec-fetch-site': 'same-origin',
        ...extraHeaders,
      },
      body: JSON.stringify({ name: `Visitor ${from}`, email: 'visitor@passerby.example', message: 'Hello through nginx' }),
    });
  }

  it('passes a notification stream through at once: the first event on connecting, a new message as it happens', async () => {
    const live = await within(openStream(`${front.url}/api/notifications/stream`, token), 5_000, 'stream headers through nginx');
    cleanups.push(() => live.close());
    expect(live.status).toBe(200);
    // Written by the API as soon as the stream opens: a proxy that buffers (or compresses without
    // flushing) holds it, and the headers with it, until far more has been written.
    expect((await live.next('unread', 5_000)).data).toEqual({ unread: 0 });

    // The message goes through one API process; the worker turns its event into the notification;
    // whichever API process holds the stream sends it through nginx.
    expect((await contact(front, '127.0.0.10')).status).toBe(201);
    const event = await live.next('notification', 20_000);
    expect(event.data).toMatchObject({ type: 'new_message', title: 'New message from Visitor 127.0.0.10' });
    expect(live.ended()).toBe(false);
  });

  it('with TRUST_PROXY, each visitor has its own contact-form limit, and a made-up X-Forwarded-For changes nothing', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) expect((await contact(front, '127.0.0.2')).status).toBe(201);
    expect((await contact(front, '127.0.0.2')).status).toBe(429);
    // Another visitor, behind the same proxy: a limit of its own.
    expect((await contact(front, '127.0.0.3')).status).toBe(201);
    // nginx appends the address it sees ($proxy_add_x_forwarded_for): the app, trusting one proxy,
    // takes that last entry, so the first visitor cannot pose as someone else…
    expect((await contact(front, '127.0.0.2', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
    // …and a new visitor naming the first one in the header is still counted as itself.
    expect((await contact(front, '127.0.0.4', { 'x-forwarded-for': '127.0.0.2' })).status).toBe(201);
    // The request log names the visitor, not the proxy.
    expect(apis.map((api) => api.output()).join('\n')).toContain('"remoteAddress":"127.0.0.3"');
  });

  it('counts a card’s visitors by their own address behind the proxy, once a day across both API processes', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const card = async (firstName: string) => {
      const created = await fetch(`${front.url}/api/profiles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify({ kind: 'card', card: { firstName } }),
      });
      expect(created.status).toBe(201);
      return ((await created.json()) as { data: { id: string } }).data.id;
    };
    const visitors = async (id: string) =>
      (
        (await (await fetch(`${front.url}/api/profiles/${id}/stats`, { headers: auth })).json()) as {
          data: { totals: { visitors: number } };
        }
      ).data.totals.visitors;
    const firefox = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' };
    const page = (proxy: Nginx, id: string, from: string, headers: Record<string, string> = {}) =>
      send(`${proxy.url}/link/${alias}/${id}`, { from, headers: { ...firefox, ...headers } });

    const counted = await card('Vicente');
    // One visitor reloading: nginx hands the requests to both API processes in turn.
    for (let i = 0; i < 4; i++) expect((await page(front, counted, '127.0.0.41')).status).toBe(200);
    // A made-up X-Forwarded-For changes nothing (the app takes nginx's entry): still the same visitor.
    expect((await page(front, counted, '127.0.0.41', { 'x-forwarded-for': '198.51.100.9' })).status).toBe(200);
    // Another visitor behind the same proxy.
    expect((await page(front, counted, '127.0.0.42')).status).toBe(200);
    // Each process writes its own visitors every second: wait for both, then for two more writes.
    await waitFor(async () => ((await visitors(counted)) >= 2 ? true : undefined), 'both visitors written', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(await visitors(counted)).toBe(2);

    // Without TRUST_PROXY every visitor is the proxy: two people with the same browser look like one.
    const blurred = await card('Ursula');
    expect((await page(untrusting, blurred, '127.0.0.51')).status).toBe(200);
    expect((await page(untrusting, blurred, '127.0.0.52')).status).toBe(200);
    await waitFor(async () => ((await visitors(blurred)) >= 1 ? true : undefined), 'the visitor written', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    expect(await visitors(blurred)).toBe(1);
  });

  it('tells the app the scheme nginx served, whatever the client claims (the cookie is Secure only over HTTPS)', async () => {
    const page = await send(`${front.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(page.status).toBe(200);
    expect(String(page.headers['set-cookie'])).toContain('enlaza_csrf=');
    expect(String(page.headers['set-cookie'])).not.toContain('Secure');
    // An API process trusting one proxy believes whoever connects to it: why only nginx may reach it.
    const direct = await send(`${apis[0]!.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(String(direct.headers['set-cookie'])).toContain('Secure');
  });

  it('without TRUST_PROXY, every visitor is the proxy: all share one limit', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) expect((await contact(untrusting, `127.0.0.${20 + i}`)).status).toBe(201);
    expect((await contact(untrusting, '127.0.0.30')).status).toBe(429);
  });

  it('compresses answers once, in the app: one Content-Encoding, the same bytes as the API sends, small answers plain', async () => {
    const targets = [
      { path: '/api/docs/json', type: 'application/json' },
      { path: `/link/${alias}/${profileId}`, type: 'text/html' },
      { path: '/assets/big-Ab12Cd34.js', type: 'javascript' },
    ];
    for (const { path, type } of targets) {
      const direct = await send(`${apis[0]!.url}${path}`);
      expect(direct.status, path).toBe(200);
      expect(direct.headers['content-encoding'], path).toBeUndefined();
      expect(direct.body.length, path).toBeGreaterThan(4096);
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const proxied = await send(`${front.url}${path}`, { headers: { 'accept-encoding': accept } });
        expect(proxied.status, `${path} ${accept}`).toBe(200);
        expect(proxied.headers['content-type'], path).toContain(type);
        // One encoding, named once: not "gzip, br", not a compressed body sent again through gzip.
        expect(proxied.headers['content-encoding'], `${path} ${accept}`).toBe(expected);
        expect(String(proxied.headers.vary).toLowerCase(), path).toContain('accept-encoding');
        expect(decoded(proxied).equals(direct.body), `${path} ${accept} decodes to what the API sends`).toBe(true);
      }
    }
    // The app leaves answers under 1 KB plain; nginx must not compress them either (it would, with
    // Debian's `gzip on` and its suggested gzip_types, were the site not to turn gzip off).
    for (const path of ['/api/health', '/robots.txt']) {
      const small = await send(`${front.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(small.status, path).toBe(200);
      expect(small.body.length, path).toBeLessThan(1024);
      expect(small.headers['content-encoding'], path).toBeUndefined();
    }
  });
});
