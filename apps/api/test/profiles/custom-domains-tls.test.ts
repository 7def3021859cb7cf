import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomDomain } from '@enlaza/contracts';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { startDnsServer, type DnsServer } from '../helpers/dns-server.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';
import { freePort } from '../helpers/free-port.js';

/**
 * Custom domains over TLS as docs/custom-domains.md deploys them: Debian's Caddy with the site file
 * docs/deploy/Caddyfile in front of the API, on-demand TLS asking our `GET /api/custom-domains/allowed` before it gets a certificate, and
 * its internal issuer (`local_certs`) standing for Let's Encrypt, which cannot be reached from here.
 * A verified domain gets a certificate that chains to Caddy's local root and serves its card; a name
 * nobody verified gets no certificate (the handshake fails).
 */

const CADDY = '/usr/bin/caddy';
const CADDYFILE = fileURLToPath(new URL('../../../../docs/deploy/Caddyfile', import.meta.url));
vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

let t: TestContext;
let dns: DnsServer;
let caddy: ChildProcess | undefined;
let dir: string;
let httpsPort = 0;

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

beforeAll(async () => {
  if (!existsSync(CADDY)) throw new Error(`${CADDY} is missing: install Debian's caddy (.ci/run does)`);
  dns = await startDnsServer();
  t = await createTestApp({ ...dns.env, PUBLIC_URL: 'http://enlaza.test', CUSTOM_DOMAIN_TARGET: 'cards.enlaza.test' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const apiPort = (t.app.server.address() as { port: number }).port;
  dir = mkdtempSync(join(tmpdir(), 'enlaza-caddy-'));
  const httpPort = await freePort();
  httpsPort = await freePort();
  // The documented file, with only what a test machine needs added to its global options: Caddy's
  // own certificate authority instead of Let's Encrypt, no admin port, its files and ports here.
  const documented = readFileSync(CADDYFILE, 'utf8');
  expect(documented.split('\n{\n').length - 1, 'docs/deploy/Caddyfile opens one global options block').toBe(1);
  const local = [
    '\tlocal_certs',
    '\tskip_install_trust',
    '\tadmin off',
    `\tstorage file_system ${join(dir, 'data')}`,
    `\thttp_port ${httpPort}`,
    `\thttps_port ${httpsPort}`,
  ].join('\n');
  writeFileSync(join(dir, 'Caddyfile'), documented.replace('\n{\n', `\n{\n${local}\n`));
  caddy = spawn(CADDY, ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: join(dir, 'xdg-data'),
      XDG_CONFIG_HOME: join(dir, 'xdg-config'),
      ENLAZA_HOST: 'enlaza.test',
      ENLAZA_UPSTREAM: `127.0.0.1:${apiPort}`,
      ACME_EMAIL: 'ops@enlaza.test',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  caddy.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitFor(async () => ((await listening(httpsPort)) ? true : undefined), `Caddy to listen on ${httpsPort}\n${log}`, 30_000, 100);
});
afterAll(async () => {
  caddy?.kill('SIGTERM');
  await t?.app.close();
  await t?.close();
  await dns?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A GET of `/` at `host` through Caddy, trusting only Caddy's local root (so a certificate must have been issued for `host`). */
function get(host: string): Promise<{ status: number; body: string; subject: string }> {
  const rootPath = join(dir, 'data', 'pki', 'authorities', 'local', 'root.crt');
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: httpsPort,
        servername: host,
        path: '/',
        headers: { host },
        ca: existsSync(rootPath) ? readFileSync(rootPath) : undefined,
      },
      (res) => {
        const certificate = (res.socket as unknown as { getPeerCertificate(): { subjectaltname?: string } }).getPeerCertificate();
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body, subject: certificate.subjectaltname ?? '' });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer from Caddy for ${host}`)));
    req.end();
  });
}

describe('custom domains over TLS, with Caddy', () => {
  it('gets a certificate for a verified domain and serves its card; a name nobody verified gets none', async () => {
    const user = await insertUser(t.db, { name: 'Tess Tls' });
    const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
    await t.db.insert(subscriptions).values({ userId: user.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
    const token = await login(t.app, user);
    const call = (method: 'POST' | 'GET', url: string, payload?: object) => t.app.inject({ method, url, headers: bearer(token), payload });
    const card = (await call('POST', '/api/profiles', { kind: 'card', card: { firstName: 'Tess', lastName: 'Tls' } })).json().data as {
      id: string;
    };
    const domain = (await call('POST', '/api/custom-domains', { host: 'cards.tess-tls.example', profileId: card.id })).json()
      .data as CustomDomain;

    // Not verified yet: Caddy asks, is told no, and the handshake fails.
    await expect(get('cards.tess-tls.example')).rejects.toThrow();
    dns.publish(domain.records);
    expect((await call('POST', `/api/custom-domains/${domain.id}/check`)).json().data.status).toBe('verified');

    const page = await get('cards.tess-tls.example');
    expect(page.status).toBe(200);
    expect(page.subject).toBe('DNS:cards.tess-tls.example');
    expect(page.body).toContain('Tess Tls');
    expect(page.body).toContain('<link rel="canonical" href="https://cards.tess-tls.example/"');

    await expect(get('unknown.tess-tls.example')).rejects.toThrow();
  });
});
