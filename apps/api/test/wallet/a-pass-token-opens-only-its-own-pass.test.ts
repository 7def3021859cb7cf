import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../helpers/test-app.js';
import { makeWalletCertificates, ownerWithCard, passJsonOf, TEST_PASS_TYPE_ID, unzipPass, walletSettings } from '../helpers/wallet.js';

let dir: string;
let t: TestContext;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'enlaza-wallet-tokens-'));
  makeWalletCertificates(dir);
  t = await createTestApp(walletSettings(dir));
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A card's pass as its owner downloads it: the card's id (the pass's serial) and the pass's real authentication token. */
async function pass() {
  const { token, profile } = await ownerWithCard(t);
  const download = await t.app.inject({ method: 'GET', url: `/api/wallet/cards/${profile.id}/apple`, headers: bearer(token) });
  expect(download.statusCode).toBe(200);
  return {
    serial: profile.id,
    auth: { authorization: `ApplePass ${String(passJsonOf(unzipPass(dir, download.rawPayload)).authenticationToken)}` },
  };
}

const registration = (device: string, serial: string) => `/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}/${serial}`;
const passUrl = (serial: string) => `/wallet/v1/passes/${TEST_PASS_TYPE_ID}/${serial}`;
const serialsOf = async (device: string) => {
  const res = await t.app.inject({ url: `/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE_ID}` });
  return res.statusCode === 204 ? [] : res.json<{ serialNumbers: string[] }>().serialNumbers;
};

describe('the PassKit web service, with another pass’s real token', () => {
  it('registers nothing, unregisters nothing and hands out nothing of this pass (401 on every route that takes ApplePass)', async () => {
    const mine = await pass();
    const other = await pass();
    expect(other.auth.authorization).not.toBe(mine.auth.authorization);
    const phone = 'a1b2c3d4e5f60718293a4b5c6d7e8f91';
    const intruder = 'b1b2c3d4e5f60718293a4b5c6d7e8f92';
    const pushToken = { pushToken: 'f00dfeed0123456789' };
    expect(
      (await t.app.inject({ method: 'POST', url: registration(phone, mine.serial), headers: mine.auth, payload: pushToken })).statusCode,
    ).toBe(201);
    const lastModified = (await t.app.inject({ url: passUrl(mine.serial), headers: mine.auth })).headers['last-modified'] as string;
    expect(lastModified).toBeTruthy();

    const answers = {
      register: (await t.app.inject({ method: 'POST', url: registration(intruder, mine.serial), headers: other.auth, payload: pushToken }))
        .statusCode,
      unregister: (await t.app.inject({ method: 'DELETE', url: registration(phone, mine.serial), headers: other.auth })).statusCode,
      latestPass: (await t.app.inject({ url: passUrl(mine.serial), headers: other.auth })).statusCode,
      latestPassIfModifiedSince: (
        await t.app.inject({ url: passUrl(mine.serial), headers: { ...other.auth, 'if-modified-since': lastModified } })
      ).statusCode,
    };
    expect(answers).toEqual({ register: 401, unregister: 401, latestPass: 401, latestPassIfModifiedSince: 401 });
    // The phone's registration is still there, and the intruder's device holds nothing. (The list of a
    // device's passes takes no token in Apple's protocol: it names serials only.)
    expect(await serialsOf(phone)).toEqual([mine.serial]);
    expect(await serialsOf(intruder)).toEqual([]);

    // Each token still opens its own pass.
    expect((await t.app.inject({ url: passUrl(other.serial), headers: other.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: registration(phone, mine.serial), headers: mine.auth })).statusCode).toBe(200);
    expect(await serialsOf(phone)).toEqual([]);
  });
});
