import { createSecureServer, type Http2SecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_REGISTRATIONS_PER_ADDRESS_HOUR } from '../../src/modules/wallet/web-service.js';
import { bearer, createTestApp, waitFor, type TestContext } from '../helpers/test-app.js';
import { makeWalletCertificates, ownerWithCard, passJsonOf, TEST_PASS_TYPE_ID, unzipPass, walletSettings } from '../helpers/wallet.js';

let dir: string;
let settings: Record<string, string>;
let configured: TestContext;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'enlaza-wallet-service-'));
  makeWalletCertificates(dir);
  settings = walletSettings(dir);
  configured = await createTestApp(settings);
}, 120_000);

afterAll(async () => {
  await configured?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('PassKit web service', () => {
  it('registers a device (201, then 200), refuses a wrong token (401), lists the pass after a card change, answers 304 while unchanged', async () => {
    const { token, profile, body } = await ownerWithCard(configured);
    const download = await configured.app.inject({ method: 'GET', url: `/api/wallet/cards/${profile.id}/apple`, headers: bearer(token) });
    const authenticationToken = String(passJsonOf(unzipPass(dir, download.rawPayload)).authenticationToken);
    const auth = { authorization: `ApplePass ${authenticationToken}` };
    const device = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const registration = `/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${profile.id}`;
    const register = (headers: Record<string, string>) =>
      configured.app.inject({ method: 'POST', url: registration, headers, payload: { pushToken: 'f00dfeed0123456789' } });

    expect((await register(auth)).statusCode).toBe(201);
    expect((await register(auth)).statusCode).toBe(200);
    expect((await register({ authorization: 'ApplePass wrong-token-0123456789' })).statusCode).toBe(401);
    expect((await register({})).statusCode).toBe(401);

    const list = (since?: string) =>
      configured.app.inject({
        method: 'GET',
        url: `/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}${since ? `?passesUpdatedSince=${since}` : ''}`,
      });
    const first = await list();
    expect(first.statusCode).toBe(200);
    const { serialNumbers, lastUpdated } = first.json<{ serialNumbers: string[]; lastUpdated: string }>();
    expect(serialNumbers).toEqual([profile.id]);
    expect((await list(lastUpdated)).statusCode).toBe(204);

    const passUrl = `/wallet/v1/passes/${TEST_PASS_TYPE_ID}/${profile.id}`;
    const latest = await configured.app.inject({ method: 'GET', url: passUrl, headers: auth });
    expect(latest.statusCode).toBe(200);
    const lastModified = latest.headers['last-modified'] as string;
    expect(lastModified).toBeTruthy();
    const unchanged = await configured.app.inject({ method: 'GET', url: passUrl, headers: { ...auth, 'if-modified-since': lastModified } });
    expect(unchanged.statusCode).toBe(304);
    expect(
      (await configured.app.inject({ method: 'GET', url: passUrl, headers: { authorization: 'ApplePass nope-nope-nope-nope' } }))
        .statusCode,
    ).toBe(401);

    // The owner changes the title: the pass's tag moves (through the profile.updated event's job).
    const changed = { ...body, card: { ...body.card, jobTitle: 'Lead Architect' } };
    const put = await configured.app.inject({
      method: 'PUT',
      url: `/api/profiles/${profile.id}`,
      headers: bearer(token),
      payload: changed,
    });
    expect(put.statusCode).toBe(200);
    const updated = await waitFor(async () => {
      const answer = await list(lastUpdated);
      return answer.statusCode === 204 ? undefined : answer;
    }, 'the pass listed as updated');
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ serialNumbers: string[]; lastUpdated: string }>()).toMatchObject({ serialNumbers: [profile.id] });
    expect(Number(updated.json<{ lastUpdated: string }>().lastUpdated)).toBeGreaterThan(Number(lastUpdated));

    const fresh = await configured.app.inject({ method: 'GET', url: passUrl, headers: { ...auth, 'if-modified-since': lastModified } });
    expect(fresh.statusCode).toBe(200);
    expect(JSON.stringify(passJsonOf(unzipPass(dir, fresh.rawPayload)).generic)).toContain('Lead Architect');

    const log = await configured.app.inject({ method: 'POST', url: '/wallet/v1/log', payload: { logs: ['a device said something'] } });
    expect(log.statusCode).toBe(200);
    const unregister = await configured.app.inject({ method: 'DELETE', url: registration, headers: auth });
    expect(unregister.statusCode).toBe(200);
    expect((await list()).statusCode).toBe(204);
  }, 60_000);

  it('lets one address register a bounded number of devices an hour (429 with Retry-After past it)', async () => {
    const { token, profile } = await ownerWithCard(configured);
    const download = await configured.app.inject({ method: 'GET', url: `/api/wallet/cards/${profile.id}/apple`, headers: bearer(token) });
    const auth = { authorization: `ApplePass ${String(passJsonOf(unzipPass(dir, download.rawPayload)).authenticationToken)}` };
    const register = (device: string, remoteAddress: string) =>
      configured.app.inject({
        method: 'POST',
        url: `/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${profile.id}`,
        headers: auth,
        payload: { pushToken: `token-${device}` },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let i = 0; i < WALLET_REGISTRATIONS_PER_ADDRESS_HOUR; i++) statuses.push((await register(`made-up-${i}`, '10.70.0.1')).statusCode);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const refused = await register('made-up-last', '10.70.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await register('a-real-phone', '10.70.0.2')).statusCode).toBe(201);
  }, 60_000);
});

describe('pushes to the devices holding a changed pass (APPLE_PASS_PUSH)', () => {
  type Push = { path: string; topic: string; body: string; client: string | undefined };
  const pushes: Push[] = [];
  let apns: Http2SecureServer;
  let pushing: TestContext;

  beforeAll(async () => {
    // A stand-in of api.push.apple.com: HTTP/2 over TLS, taking only clients with a certificate of the test CA.
    apns = createSecureServer({
      key: readFileSync(join(dir, 'server.key')),
      cert: readFileSync(join(dir, 'server.pem')),
      ca: readFileSync(join(dir, 'ca.pem')),
      requestCert: true,
      rejectUnauthorized: true,
    });
    apns.on('stream', (stream, headers) => {
      let body = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('end', () => {
        const path = String(headers[':path']);
        const client = (stream.session?.socket as TLSSocket | undefined)?.getPeerCertificate().subject?.UID;
        pushes.push({ path, topic: String(headers['apns-topic']), body, client: Array.isArray(client) ? client[0] : client });
        // As Apple answers: 410 for a device that unregistered, 400 for a token it does not know, 403 for our certificate.
        const answer = path.endsWith('/gone-device-token')
          ? { status: 410, reason: 'Unregistered' }
          : path.endsWith('/bad-device-token')
            ? { status: 400, reason: 'BadDeviceToken' }
            : path.endsWith('/refused-device-token')
              ? { status: 403, reason: 'InvalidProviderToken' }
              : { status: 200, reason: null };
        stream.respond({ ':status': answer.status, 'content-type': 'application/json' });
        stream.end(answer.reason ? JSON.stringify({ reason: answer.reason }) : '');
      });
    });
    await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));
    const { port } = apns.address() as AddressInfo;
    pushing = await createTestApp({
      ...settings,
      APPLE_PASS_PUSH: 'true',
      APPLE_PASS_PUSH_URL: `https://127.0.0.1:${port}`,
      APPLE_PASS_PUSH_CA: join(dir, 'ca.pem'),
    });
  }, 60_000);

  afterAll(async () => {
    await pushing?.close();
    await new Promise((resolve) => apns?.close(resolve));
  });

  it('sends an empty notification per device with the pass type as topic, with the pass certificate; drops a device Apple says is gone', async () => {
    const { token, profile, body } = await ownerWithCard(pushing);
    const download = await pushing.app.inject({ method: 'GET', url: `/api/wallet/cards/${profile.id}/apple`, headers: bearer(token) });
    const auth = { authorization: `ApplePass ${String(passJsonOf(unzipPass(dir, download.rawPayload)).authenticationToken)}` };
    const devices = { live: 'device-live-0001', gone: 'device-gone-0002', bad: 'device-bad-0003', refused: 'device-refused-0004' };
    for (const [which, device] of Object.entries(devices)) {
      const res = await pushing.app.inject({
        method: 'POST',
        url: `/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${profile.id}`,
        headers: auth,
        payload: { pushToken: `${which}-device-token` },
      });
      expect(res.statusCode).toBe(201);
    }
    expect(pushes).toHaveLength(0);

    const changed = { ...body, card: { ...body.card, company: 'Estudio B' } };
    expect(
      (await pushing.app.inject({ method: 'PUT', url: `/api/profiles/${profile.id}`, headers: bearer(token), payload: changed }))
        .statusCode,
    ).toBe(200);
    await waitFor(async () => (pushes.length >= 4 ? true : undefined), 'a push to each registered device');

    expect(pushes.map((p) => p.path).sort()).toEqual([
      '/3/device/bad-device-token',
      '/3/device/gone-device-token',
      '/3/device/live-device-token',
      '/3/device/refused-device-token',
    ]);
    for (const push of pushes) expect(push).toMatchObject({ topic: TEST_PASS_TYPE_ID, body: '{}', client: TEST_PASS_TYPE_ID });

    const list = (device: string) =>
      pushing.app.inject({ method: 'GET', url: `/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}` });
    // The device Apple says is gone is unregistered.
    await waitFor(async () => ((await list(devices.gone)).statusCode === 204 ? true : undefined), 'the gone device unregistered');
    // A token Apple does not know goes too; a refusal of our own making (the certificate) keeps its device.
    expect((await list(devices.bad)).statusCode).toBe(204);
    expect((await list(devices.live)).statusCode).toBe(200);
    expect((await list(devices.refused)).statusCode).toBe(200);
  }, 60_000);
});
