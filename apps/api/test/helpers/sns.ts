import { execFileSync } from 'node:child_process';
import { createSign } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The fields SNS signs, by message type, in the order AWS's page gives ("Verifying the signatures of Amazon SNS messages"). */
const SIGNED_KEYS = {
  Notification: ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'],
  other: ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'],
};

/**
 * A signer standing in for Amazon SNS: an RSA key and a self-signed certificate valid for two days
 * (made with the `openssl` command), and `sign`, written from AWS's page rather than from the module
 * under test. `close` deletes the files.
 */
export function createSnsSigner() {
  const dir = mkdtempSync(join(tmpdir(), 'enlaza-sns-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyPath, '-out', certPath, '-days', '2', '-subj', '/CN=sns.amazonaws.com'],
    { stdio: 'ignore' },
  );
  const certificatePem = readFileSync(certPath, 'utf8');
  const privateKeyPem = readFileSync(keyPath, 'utf8');
  return {
    certificatePem,
    privateKeyPem,
    /** The message with SignatureVersion, Signature and SigningCertURL set (any given are replaced). */
    sign<T extends { Type: string }>(fields: T, certUrl: string, version: '1' | '2' = '1', key = privateKeyPem) {
      const record = fields as unknown as Record<string, string | undefined>;
      const text = (fields.Type === 'Notification' ? SIGNED_KEYS.Notification : SIGNED_KEYS.other)
        .filter((k) => record[k] !== undefined)
        .map((k) => `${k}\n${record[k]}\n`)
        .join('');
      const signature = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256')
        .update(text, 'utf8')
        .sign(key, 'base64');
      return { ...fields, SignatureVersion: version, Signature: signature, SigningCertURL: certUrl };
    },
    close: () => rmSync(dir, { recursive: true, force: true }),
  };
}
export type SnsSigner = ReturnType<typeof createSnsSigner>;
