import { execFileSync, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { plans, subscriptions } from '../../src/db/schema/index.js';
import { bearer, insertUser, login, type TestContext } from './test-app.js';

export const TEST_PASS_TYPE_ID = 'pass.test.enlaza.card';
export const TEST_ISSUER_ID = '3388000000012345678';
export const TEST_PUBLIC_URL = 'https://cards.test';

/**
 * Throwaway certificates in `dir`, made with openssl: a root CA (ca.pem), a WWDR-like intermediate it
 * signs (wwdr.pem), a Pass Type ID certificate the intermediate signs (pass.pem, pass.key), and a
 * TLS server certificate for 127.0.0.1 signed by the root (server.pem, server.key) for a push stand-in.
 */
export function makeWalletCertificates(dir: string): void {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  writeFileSync(join(dir, 'ca.ext'), 'basicConstraints=critical,CA:true\nkeyUsage=critical,keyCertSign,cRLSign\n');
  writeFileSync(
    join(dir, 'leaf.ext'),
    'basicConstraints=critical,CA:false\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\n',
  );
  writeFileSync(
    join(dir, 'server.ext'),
    'basicConstraints=critical,CA:false\nkeyUsage=critical,digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1\n',
  );
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Test Root CA',
  );
  const issue = (name: string, subject: string, issuer: string, ext: string) => {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${issuer}.pem`,
      '-CAkey',
      `${issuer}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.pem`,
      '-days',
      '2',
      '-extfile',
      ext,
    );
  };
  issue('wwdr', '/CN=Test WWDR G4', 'ca', 'ca.ext');
  issue('pass', `/UID=${TEST_PASS_TYPE_ID}/CN=Pass Type ID: ${TEST_PASS_TYPE_ID}`, 'wwdr', 'leaf.ext');
  issue('server', '/CN=127.0.0.1', 'ca', 'server.ext');
}

/**
 * Both wallets' settings over the certificates in `dir` (makeWalletCertificates) and a new Google
 * service account key, whose public half is written to `dir/google-public.pem`.
 */
export function walletSettings(dir: string): Record<string, string> {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  writeFileSync(join(dir, 'google-public.pem'), publicKey.export({ type: 'spki', format: 'pem' }).toString());
  const serviceAccount = JSON.stringify({
    type: 'service_account',
    client_email: 'wallet@enlaza-test.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  });
  return {
    PUBLIC_URL: TEST_PUBLIC_URL,
    APPLE_PASS_TYPE_ID: TEST_PASS_TYPE_ID,
    APPLE_TEAM_ID: 'A1B2C3D4E5',
    APPLE_PASS_CERT: join(dir, 'pass.pem'),
    // The key in base64, the other way the setting takes it.
    APPLE_PASS_KEY: readFileSync(join(dir, 'pass.key')).toString('base64'),
    APPLE_WWDR_CERT: join(dir, 'wwdr.pem'),
    GOOGLE_WALLET_ISSUER_ID: TEST_ISSUER_ID,
    GOOGLE_WALLET_SERVICE_ACCOUNT: Buffer.from(serviceAccount).toString('base64'),
  };
}

/** A Pro user (several cards) with a card, signed in. */
export async function ownerWithCard(t: TestContext, card: object = {}, visibility = 'public') {
  const user = await insertUser(t.db);
  const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
  await t.db.insert(subscriptions).values({
    userId: user.id,
    planId: pro!.id,
    status: 'active',
    currentPeriodStart: new Date(),
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
  });
  const token = await login(t.app, user);
  const body = {
    kind: 'card',
    card: { firstName: 'Ana', lastName: 'García', jobTitle: 'Architect', company: 'Estudio A', ...card },
    visibility,
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/profiles', headers: bearer(token), payload: body });
  expect(res.statusCode).toBe(201);
  const profile = res.json<{ data: { id: string; publicPath: string } }>().data;
  return { user, token, profile, body };
}

/** Unzips with the system's `unzip` (not the library that wrote it) and returns the files. */
export function unzipPass(dir: string, pass: Buffer): Record<string, Buffer> {
  const out = mkdtempSync(join(dir, 'pass-'));
  writeFileSync(join(out, 'card.pkpass'), pass);
  execFileSync('unzip', ['-q', 'card.pkpass', '-d', 'files'], { cwd: out });
  const files: Record<string, Buffer> = {};
  for (const name of readdirSync(join(out, 'files'))) files[name] = readFileSync(join(out, 'files', name));
  return files;
}

/** openssl's verdict on the detached signature of manifest.json, against the test CA only. */
export function verifyPassSignature(dir: string, files: Record<string, Buffer>) {
  const out = mkdtempSync(join(dir, 'verify-'));
  writeFileSync(join(out, 'signature'), files['signature']!);
  writeFileSync(join(out, 'manifest.json'), files['manifest.json']!);
  return spawnSync(
    'openssl',
    [
      'smime',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      'signature',
      '-content',
      'manifest.json',
      '-CAfile',
      join(dir, 'ca.pem'),
      '-purpose',
      'any',
    ],
    { cwd: out, encoding: 'utf8' },
  );
}

export const passJsonOf = (files: Record<string, Buffer>) => JSON.parse(files['pass.json']!.toString('utf8')) as Record<string, unknown>;
