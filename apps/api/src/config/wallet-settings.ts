import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { optionalString } from './env-values.js';

/** Apple Wallet and Google Wallet passes of a card (part of the API's settings, config.ts); each off until configured. */
export const walletEnv = {
  /** The Pass Type ID registered at Apple (pass.com.example.card). */
  APPLE_PASS_TYPE_ID: optionalString.pipe(
    z
      .string()
      .regex(/^pass\.[A-Za-z0-9.-]+$/, 'a Pass Type ID such as pass.com.example.card')
      .optional(),
  ),
  /** The Apple Developer team id (10 characters) that owns the Pass Type ID. */
  APPLE_TEAM_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Z0-9]{10}$/, 'the 10-character team id, e.g. A1B2C3D4E5')
      .optional(),
  ),
  /** The Pass Type ID certificate, PEM: a file path, the PEM itself, or the PEM in base64. */
  APPLE_PASS_CERT: optionalString,
  /** Its private key, PEM (a file path, the PEM, or base64); encrypted keys take APPLE_PASS_KEY_PASSWORD. */
  APPLE_PASS_KEY: optionalString,
  APPLE_PASS_KEY_PASSWORD: z.string().default(''),
  /** Apple's WWDR intermediate certificate that issued the pass certificate (G4), PEM as above. */
  APPLE_WWDR_CERT: optionalString,
  /** Push a changed card's pass to the devices holding it (APNs, with the pass certificate); off: devices update when they next ask. */
  APPLE_PASS_PUSH: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Apple's push service (HTTP/2); a local stand-in in tests. */
  APPLE_PASS_PUSH_URL: z.url().default('https://api.push.apple.com'),
  /** A CA to trust for the push service instead of the system's (PEM as above; a stand-in's). */
  APPLE_PASS_PUSH_CA: optionalString,
  /** The Google Wallet issuer id (digits, from the Google Pay & Wallet Console). */
  GOOGLE_WALLET_ISSUER_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{6,25}$/, 'the issuer id, digits only')
      .optional(),
  ),
  /** The service account's JSON key (client_email, private_key): a file path, the JSON, or the JSON in base64. */
  GOOGLE_WALLET_SERVICE_ACCOUNT: optionalString,
};

export type AppleWalletConfig = {
  passTypeId: string;
  teamId: string;
  certificatePem: string;
  keyPem: string;
  keyPassword: string;
  wwdrPem: string;
  /** APNs pushes of changed passes (APPLE_PASS_PUSH=true), or null. */
  push: { url: string; ca: string | undefined } | null;
};
export type GoogleWalletConfig = { issuerId: string; clientEmail: string; privateKeyPem: string };
export type WalletConfig = { apple: AppleWalletConfig | null; google: GoogleWalletConfig | null };

const fail = (why: string) => new Error(`Invalid configuration:\n  ${why}`);

/** A setting holding a file's text: the path of a file, the text itself (PEM, JSON), or the text in base64. */
export function textSetting(name: string, value: string, looksRight: (text: string) => boolean): string {
  if (looksRight(value)) return value;
  if (existsSync(value)) {
    const text = readFileSync(value, 'utf8');
    if (looksRight(text)) return text;
    throw fail(`${name}: the file ${value} does not hold what it should`);
  }
  const decoded = /^[A-Za-z0-9+/=\s_-]+$/.test(value) ? Buffer.from(value, 'base64').toString('utf8') : '';
  if (looksRight(decoded)) return decoded;
  throw fail(`${name}: neither a readable file nor the value itself (PEM or JSON, plain or base64)`);
}

const isPem = (label: RegExp) => (text: string) => new RegExp(`-----BEGIN ${label.source}-----`).test(text);

type WalletEnv = { [K in Exclude<keyof typeof walletEnv, 'APPLE_PASS_PUSH'>]?: string } & { APPLE_PASS_PUSH?: boolean };

function appleOf(e: WalletEnv): AppleWalletConfig | null {
  const names = ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT', 'APPLE_PASS_KEY', 'APPLE_WWDR_CERT'] as const;
  const set = names.filter((n) => e[n]);
  if (set.length === 0) return null;
  if (set.length < names.length)
    throw fail(`Apple Wallet passes need ${names.join(', ')} together (missing ${names.filter((n) => !e[n]).join(', ')})`);
  const certificatePem = textSetting('APPLE_PASS_CERT', e.APPLE_PASS_CERT!, isPem(/CERTIFICATE/));
  const wwdrPem = textSetting('APPLE_WWDR_CERT', e.APPLE_WWDR_CERT!, isPem(/CERTIFICATE/));
  const keyPem = textSetting('APPLE_PASS_KEY', e.APPLE_PASS_KEY!, isPem(/(RSA |ENCRYPTED )?PRIVATE KEY/));
  const keyPassword = e.APPLE_PASS_KEY_PASSWORD ?? '';
  try {
    const certificate = new X509Certificate(certificatePem);
    new X509Certificate(wwdrPem);
    const key = createPrivateKey({ key: keyPem, passphrase: keyPassword });
    // A key that is not the certificate's would sign passes that no device accepts: refuse at start-up.
    if (!certificate.checkPrivateKey(key)) throw new Error('APPLE_PASS_KEY is not the private key of APPLE_PASS_CERT');
  } catch (error) {
    throw fail(`Apple Wallet: ${(error as Error).message}`);
  }
  const push = e.APPLE_PASS_PUSH
    ? {
        url: e.APPLE_PASS_PUSH_URL ?? 'https://api.push.apple.com',
        ca: e.APPLE_PASS_PUSH_CA ? textSetting('APPLE_PASS_PUSH_CA', e.APPLE_PASS_PUSH_CA, isPem(/CERTIFICATE/)) : undefined,
      }
    : null;
  return { passTypeId: e.APPLE_PASS_TYPE_ID!, teamId: e.APPLE_TEAM_ID!, certificatePem, keyPem, keyPassword, wwdrPem, push };
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text.trim()) as unknown;
  } catch {
    return null;
  }
};

function googleOf(e: WalletEnv): GoogleWalletConfig | null {
  if (!e.GOOGLE_WALLET_ISSUER_ID && !e.GOOGLE_WALLET_SERVICE_ACCOUNT) return null;
  if (!e.GOOGLE_WALLET_ISSUER_ID || !e.GOOGLE_WALLET_SERVICE_ACCOUNT)
    throw fail('Google Wallet passes need GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT together');
  const json = textSetting('GOOGLE_WALLET_SERVICE_ACCOUNT', e.GOOGLE_WALLET_SERVICE_ACCOUNT, (text) => text.trim().startsWith('{'));
  const parsed = z
    .object({ client_email: z.email(), private_key: z.string().regex(/-----BEGIN PRIVATE KEY-----/) })
    .safeParse(parseJson(json));
  if (!parsed.success) throw fail('GOOGLE_WALLET_SERVICE_ACCOUNT: a service account JSON key with client_email and private_key');
  try {
    createPublicKey(createPrivateKey(parsed.data.private_key));
  } catch (error) {
    throw fail(`GOOGLE_WALLET_SERVICE_ACCOUNT: the private_key does not load (${(error as Error).message})`);
  }
  return { issuerId: e.GOOGLE_WALLET_ISSUER_ID, clientEmail: parsed.data.client_email, privateKeyPem: parsed.data.private_key };
}

/** Both wallets' settings, each null (hidden everywhere) until all of its settings are there. */
export function walletOf(e: WalletEnv): WalletConfig {
  return { apple: appleOf(e), google: googleOf(e) };
}
