import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the app must read back (a TOTP seed, a webhook's signing key) are kept encrypted:
 * AES-256-GCM with a random 96-bit IV and the tag checked, under a key derived from the app secret
 * and what the secret is for (`SHA-256("enlaza-<purpose>:" + APP_SECRET)`), so a copy of the
 * database (a backup, a dump) does not hand them out on its own. Sealed form: `iv.tag.body`, base64url.
 */
export function secretBox(appSecret: string, purpose: string) {
  const key = createHash('sha256').update(`enlaza-${purpose}:${appSecret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv = '', tag = '', body = ''] = sealed.split('.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof secretBox>;
