import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET_LOGS_PER_ADDRESS_HOUR } from '../../src/modules/wallet/web-service.js';
import { bearer, createTestApp, type TestContext } from '../helpers/test-app.js';
import { makeWalletCertificates, ownerWithCard, passJsonOf, TEST_PASS_TYPE_ID, unzipPass, walletSettings } from '../helpers/wallet.js';

/** A pass already in a wallet gets nothing more of its card once the card is made private or moved to the trash. */
let dir: string;
let t: TestContext;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'enlaza-wallet-hidden-'));
  makeWalletCertificates(dir);
  t = await createTestApp(walletSettings(dir));
}, 240_000);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

let devices = 0;
/** A public card whose pass a device holds and is registered for; then `hide` runs. */
async function passInAWallet() {
  const { token, profile, body } = await ownerWithCard(t);
  const download = await t.app.inject({ method: 'GET', url: `/api/wallet/cards/${profile.id}/apple`, headers: bearer(token) });
  expect(download.statusCode).toBe(200);
  const auth = { authorization: `ApplePass ${String(passJsonOf(unzipPass(dir, download.rawPayload)).authenticationToken)}` };
  devices += 1;
  const device = `device${String(devices).padStart(8, '0')}`;
  const register = (who: string) =>
    t.app.inject({
      method: 'POST',
      url: `/wallet/v1/devices/${who}/registrations/${TEST_PASS_TYPE_ID}/${profile.id}`,
      headers: auth,
      payload: { pushToken: 'f00dfeed0123456789' },
    });
  expect((await register(device)).statusCode).toBe(201);
  const passUrl = `/wallet/v1/passes/${TEST_PASS_TYPE_ID}/${profile.id}`;
  const served = await t.app.inject({ method: 'GET', url: passUrl, headers: auth });
  expect(served.statusCode).toBe(200);
  const list = () => t.app.inject({ method: 'GET', url: `/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}` });
  expect((await list()).json()).toMatchObject({ serialNumbers: [profile.id] });
  return {
    token,
    profile,
    body,
    /** What each card-data route of the web service answers now. */
    routes: async () => ({
      registerAnotherDevice: (await register(`${device}b`)).statusCode,
      registerAgain: (await register(device)).statusCode,
      listOfUpdatedPasses: (await list()).statusCode,
      latestPass: (await t.app.inject({ method: 'GET', url: passUrl, headers: auth })).statusCode,
      latestPassIfModified: (
        await t.app.inject({
          method: 'GET',
          url: passUrl,
          headers: { ...auth, 'if-modified-since': served.headers['last-modified'] as string },
        })
      ).statusCode,
    }),
  };
}

const NOTHING_OF_THE_CARD = {
  registerAnotherDevice: 404,
  registerAgain: 404,
  // Apple's "no pass of yours changed": the card's pass is no longer listed.
  listOfUpdatedPasses: 204,
  latestPass: 404,
  latestPassIfModified: 404,
};

describe('the wallet web service and a card no longer shared', () => {
  it('answers 404 (and lists nothing) for a card made private, and serves it again once public', async () => {
    const held = await passInAWallet();
    const privately = await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${held.profile.id}`,
      headers: bearer(held.token),
      payload: { ...held.body, visibility: 'private' },
    });
    expect(privately.statusCode, privately.body).toBe(200);
    expect(await held.routes()).toEqual(NOTHING_OF_THE_CARD);

    const publicly = await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${held.profile.id}`,
      headers: bearer(held.token),
      payload: { ...held.body, visibility: 'public' },
    });
    expect(publicly.statusCode, publicly.body).toBe(200);
    expect(await held.routes()).toMatchObject({ registerAnotherDevice: 201, registerAgain: 200, latestPass: 200 });
  });

  it('answers 404 (and lists nothing) for a card moved to the trash', async () => {
    const held = await passInAWallet();
    const trashed = await t.app.inject({
      method: 'POST',
      url: '/api/profiles/bulk?kind=card',
      headers: bearer(held.token),
      payload: { ids: [held.profile.id], action: { type: 'trash' } },
    });
    expect(trashed.json(), trashed.body).toEqual({ ok: 1, data: { affected: 1 } });
    expect(await held.routes()).toEqual(NOTHING_OF_THE_CARD);
  });
});

describe('the wallet devices’ log', () => {
  it('takes a bounded number of posts an hour from one address (429 with Retry-After past it), without holding back another', async () => {
    const post = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/wallet/v1/log', payload: { logs: ['Web service error: 404'] }, remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < WALLET_LOGS_PER_ADDRESS_HOUR; i++) statuses.push((await post('10.71.0.1')).statusCode);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await post('10.71.0.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await post('10.71.0.2')).statusCode).toBe(200);
  }, 120_000);
});
