import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A WebAuthn authenticator in software, written from the W3C specification (§6.1 authenticator
 * data, §6.5 attestation "none", §8.7 COSE keys, §7.2 assertion signatures) with its own small CBOR
 * encoder, so the server's library is checked against an implementation it did not write.
 */

// CBOR (RFC 8949) for what an authenticator sends: small maps of integers, text and bytes.
function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const b = Buffer.alloc(3);
  b[0] = (major << 5) | 25;
  b.writeUInt16BE(length, 1);
  return b;
}
type Cbor = number | string | Buffer | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest();

type CreationOptions = { challenge: string; rp: { id: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId: string };

export function softwareAuthenticator(origin: string) {
  const credentials = new Map<string, { key: KeyObject; rpId: string; userHandle: string; counter: number }>();

  const clientData = (type: string, challenge: string) => Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  // UP (user present) | UV (user verified) | BE, BS (a synced passkey), | AT when credential data follows.
  const FLAGS = 0x01 | 0x04 | 0x08 | 0x10;

  return {
    /** What `navigator.credentials.create()` answers, as RegistrationResponseJSON. */
    create(options: CreationOptions, userVerified = true) {
      const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const coseKey = cbor(
        new Map<Cbor, Cbor>([
          [1, 2], // kty: EC2
          [3, -7], // alg: ES256
          [-1, 1], // crv: P-256
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      );
      const credentialId = randomBytes(16);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const flags = (userVerified ? FLAGS : FLAGS & ~0x04) | 0x40;
      const authData = Buffer.concat([
        sha256(options.rp.id),
        Buffer.from([flags]),
        Buffer.alloc(4),
        Buffer.alloc(16),
        idLength,
        credentialId,
        coseKey,
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      credentials.set(b64url(credentialId), { key: privateKey, rpId: options.rp.id, userHandle: options.user.id, counter: 0 });
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    /** What `navigator.credentials.get()` answers with one of its passkeys, as AuthenticationResponseJSON. */
    get(options: RequestOptions, credentialId = [...credentials.keys()][0]!, counterStep = 1) {
      const credential = credentials.get(credentialId);
      if (!credential) throw new Error(`no passkey ${credentialId}`);
      credential.counter += counterStep;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(credential.counter);
      const authData = Buffer.concat([sha256(options.rpId), Buffer.from([FLAGS]), counter]);
      const data = clientData('webauthn.get', options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.key);
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
      };
    },
  };
}
