import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestContext } from '../helpers/test-app.js';
import {
  makeWalletCertificates,
  ownerWithCard,
  passJsonOf,
  TEST_ISSUER_ID,
  TEST_PASS_TYPE_ID,
  TEST_PUBLIC_URL,
  unzipPass,
  verifyPassSignature,
  walletSettings,
} from '../helpers/wallet.js';

let dir: string;
let configured: TestContext;
let plain: TestContext;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'enlaza-wallet-'));
  makeWalletCertificates(dir);
  configured = await createTestApp(walletSettings(dir));
  plain = await createTestApp();
}, 120_000);

afterAll(async () => {
  await configured?.close();
  await plain?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Apple Wallet pass', () => {
  it('is a zip whose manifest holds the SHA-1 of every file, signed by the pass certificate through the WWDR intermediate', async () => {
    const { token, profile } = await ownerWithCard(configured);
    const res = await configured.app.inject({ method: 'GET', url: `/api/wallet/cards/${profile.id}/apple`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const files = unzipPass(dir, res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        'icon.png',
        'icon@2x.png',
        'logo.png',
        'logo@2x.png',
        'manifest.json',
        'pass.json',
        'signature',
        'thumbnail.png',
        'thumbnail@2x.png',
      ].sort(),
    );
    const manifest = JSON.parse(files['manifest.json']!.toString('utf8')) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(
      Object.keys(files)
        .filter((n) => n !== 'manifest.json' && n !== 'signature')
        .sort(),
    );
    for (const [name, sha1] of Object.entries(manifest)) expect(createHash('sha1').update(files[name]!).digest('hex')).toBe(sha1);

    const verdict = verifyPassSignature(dir, files);
    expect(verdict.status, verdict.stderr).toBe(0);
    expect(verdict.stderr).toMatch(/Verification successful/);

    const pass = passJsonOf(files);
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: 'A1B2C3D4E5',
      serialNumber: profile.id,
      webServiceURL: `${TEST_PUBLIC_URL}/wallet`,
      barcodes: [{ message: `${TEST_PUBLIC_URL}${profile.publicPath}`, format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' }],
    });
    expect(String(pass.authenticationToken).length).toBeGreaterThanOrEqual(16);
    expect(JSON.stringify(pass.generic)).toContain('Ana García');
    expect(JSON.stringify(pass.generic)).toContain('Architect');
    expect(JSON.stringify(pass.generic)).toContain('Estudio A');
  });

  it('a signature over a changed manifest does not verify', async () => {
    const { token, profile } = await ownerWithCard(configured);
    const res = await configured.app.inject({ method: 'GET', url: `/api/wallet/cards/${profile.id}/apple`, headers: bearer(token) });
    const files = unzipPass(dir, res.rawPayload);
    files['manifest.json'] = Buffer.from(files['manifest.json']!.toString('utf8').replace(/"[0-9a-f]{40}"/, `"${'0'.repeat(40)}"`));
    expect(verifyPassSignature(dir, files).status).not.toBe(0);
  });

  it("another user's card is 404, and so is a private card from its public address", async () => {
    const { profile } = await ownerWithCard(configured);
    const other = await ownerWithCard(configured);
    const res = await configured.app.inject({ method: 'GET', url: `/api/wallet/cards/${profile.id}/apple`, headers: bearer(other.token) });
    expect(res.statusCode).toBe(404);
    const google = await configured.app.inject({
      method: 'GET',
      url: `/api/wallet/cards/${profile.id}/google`,
      headers: bearer(other.token),
    });
    expect(google.statusCode).toBe(404);

    const hidden = await ownerWithCard(configured, {}, 'private');
    for (const wallet of ['apple', 'google']) {
      const pub = await configured.app.inject({ method: 'GET', url: `/api/public${hidden.profile.publicPath}/wallet/${wallet}` });
      expect(pub.statusCode).toBe(404);
      expect(pub.json()).toMatchObject({ ok: 0, code: 'profile.not_available' });
    }
  });

  it('a public card is downloadable from its public page, which shows both buttons', async () => {
    const { profile } = await ownerWithCard(configured);
    const res = await configured.app.inject({ method: 'GET', url: `/api/public${profile.publicPath}/wallet/apple` });
    expect(res.statusCode).toBe(200);
    expect(verifyPassSignature(dir, unzipPass(dir, res.rawPayload)).status).toBe(0);
    const page = await configured.app.inject({ method: 'GET', url: profile.publicPath, headers: { 'accept-language': 'es' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`href="/api/public${profile.publicPath}/wallet/apple"`);
    expect(page.body).toContain('Añadir a Apple Wallet');
    expect(page.body).toContain('Guardar en Google Wallet');
  });
});

describe('Google Wallet link', () => {
  it('is an RS256 JWT that openssl verifies with the service account public key, with the card as a generic object', async () => {
    const { token, profile } = await ownerWithCard(configured);
    const res = await configured.app.inject({ method: 'GET', url: `/api/wallet/cards/${profile.id}/google`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const url = res.json<{ data: { url: string } }>().data.url;
    expect(url).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const [header, payload, signature] = url.slice('https://pay.google.com/gp/v/save/'.length).split('.') as [string, string, string];
    writeFileSync(join(dir, 'jwt-input'), `${header}.${payload}`);
    writeFileSync(join(dir, 'jwt-signature'), Buffer.from(signature, 'base64url'));
    const verdict = spawnSync('openssl', ['dgst', '-sha256', '-verify', 'google-public.pem', '-signature', 'jwt-signature', 'jwt-input'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(verdict.stdout).toMatch(/Verified OK/);

    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: 'wallet@enlaza-test.iam.gserviceaccount.com',
      aud: 'google',
      typ: 'savetowallet',
      origins: [TEST_PUBLIC_URL],
    });
    const object = claims.payload.genericObjects[0];
    expect(object.id.startsWith(`${TEST_ISSUER_ID}.`)).toBe(true);
    expect(object.header.defaultValue.value).toBe('Ana García');
    expect(object.barcode).toEqual({ type: 'QR_CODE', value: `${TEST_PUBLIC_URL}${profile.publicPath}`, alternateText: 'Ana García' });

    // A changed byte of the claims breaks the signature.
    writeFileSync(join(dir, 'jwt-input'), `${header}.${payload}x`);
    const forged = spawnSync('openssl', ['dgst', '-sha256', '-verify', 'google-public.pem', '-signature', 'jwt-signature', 'jwt-input'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(forged.stdout).not.toMatch(/Verified OK/);
  });

  it('the public address redirects a public card to Google', async () => {
    const { profile } = await ownerWithCard(configured);
    const res = await configured.app.inject({ method: 'GET', url: `/api/public${profile.publicPath}/wallet/google` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
  });
});

describe('when the wallets are not configured', () => {
  it('says so, hides the buttons and refuses the downloads', async () => {
    const { token, profile } = await ownerWithCard(plain);
    const availability = await plain.app.inject({ method: 'GET', url: '/api/wallet/availability', headers: bearer(token) });
    expect(availability.json()).toEqual({ ok: 1, data: { apple: false, google: false } });
    const on = await ownerWithCard(configured);
    const shown = await configured.app.inject({ method: 'GET', url: '/api/wallet/availability', headers: bearer(on.token) });
    expect(shown.json()).toEqual({ ok: 1, data: { apple: true, google: true } });

    const page = await plain.app.inject({ method: 'GET', url: profile.publicPath });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('/wallet/apple');
    expect(page.body).not.toContain('/wallet/google');
    const res = await plain.app.inject({ method: 'GET', url: `/api/wallet/cards/${profile.id}/apple`, headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'wallet.not_configured' });
    const service = await plain.app.inject({ method: 'GET', url: `/wallet/v1/passes/${TEST_PASS_TYPE_ID}/${profile.id}` });
    expect(service.statusCode).toBe(404);
  });
});
