import { createHash, createHmac, createPublicKey, randomBytes, randomFillSync, timingSafeEqual, type KeyObject } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes). */
const ARGON2_OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the email is unknown, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => (dummyHash ??= hashPassword(randomToken()));

/**
 * Bytes from the system's CSPRNG, drawn 4 KB at a time and each handed out once: one call per 128
 * tokens instead of one per token (a public page gives every new visitor a CSRF nonce; Node's own
 * randomUUID keeps such a batch too).
 */
const randomPool = Buffer.allocUnsafe(4096);
let randomUsed = randomPool.length;

/** 256 random bits, URL-safe. */
export function randomToken(bytes = 32): string {
  if (bytes > randomPool.length) return randomBytes(bytes).toString('base64url');
  if (randomUsed + bytes > randomPool.length) {
    randomFillSync(randomPool);
    randomUsed = 0;
  }
  const token = randomPool.toString('base64url', randomUsed, randomUsed + bytes);
  randomUsed += bytes;
  return token;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A secret given by a caller against the configured one, as SHA-256 digests: neither its content nor its length shows in the time taken. */
export const sameSecret = (given: string | Buffer, expected: string): boolean =>
  timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/**
 * An ECDSA P-256 public key given as PEM or as base64 of its DER SubjectPublicKeyInfo (how SendGrid
 * shows its webhook verification key); null for anything else.
 */
export function p256PublicKey(text: string): KeyObject | null {
  try {
    const key = text.includes('-----BEGIN')
      ? createPublicKey(text)
      : createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1' ? key : null;
  } catch {
    return null;
  }
}
