import { connect, constants, type ClientHttp2Session } from 'node:http2';

/** Apple's push service for Wallet: an empty notification tells a device to ask which passes changed. */
export type PassPusher = {
  /** Sends to each token; answers the tokens Apple says are gone (410, or a bad token), whose registrations can be dropped. */
  push(tokens: string[]): Promise<{ sent: number; gone: string[]; failed: number }>;
  close(): void;
};

export function createPassPusher(options: {
  url: string;
  passTypeId: string;
  certificatePem: string;
  /** The pass certificate's issuer (Apple's WWDR), sent with it so the chain is complete. */
  chainPem: string;
  keyPem: string;
  keyPassword: string;
  /** Trusted CA for the push server instead of the system's (a stand-in). */
  ca?: string;
  timeoutMs?: number;
}): PassPusher {
  let session: ClientHttp2Session | null = null;
  const open = () => {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(options.url, {
      cert: `${options.certificatePem.trim()}\n${options.chainPem.trim()}\n`,
      key: options.keyPem,
      passphrase: options.keyPassword || undefined,
      ...(options.ca ? { ca: options.ca } : {}),
    });
    opened.on('error', () => {
      // A broken connection fails the streams waiting on it; the next push opens a new one.
      if (session === opened) session = null;
    });
    opened.on('close', () => {
      if (session === opened) session = null;
    });
    // An idle connection does not keep the process alive.
    opened.unref();
    session = opened;
    return opened;
  };

  /** The status of one push and Apple's reason for a refusal (`{"reason": "BadDeviceToken"}`). */
  const one = (token: string) =>
    new Promise<{ status: number; reason: string | null }>((resolve) => {
      let client: ClientHttp2Session;
      try {
        client = open();
      } catch {
        resolve({ status: 0, reason: null });
        return;
      }
      const stream = client.request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(token)}`,
        'apns-topic': options.passTypeId,
        'content-type': 'application/json',
      });
      stream.setTimeout(options.timeoutMs ?? 10_000, () => stream.close(constants.NGHTTP2_CANCEL));
      let status = 0;
      let body = '';
      stream.on('response', (headers) => {
        status = Number(headers[constants.HTTP2_HEADER_STATUS]);
      });
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        if (body.length < 1024) body += chunk;
      });
      stream.on('error', () => resolve({ status: 0, reason: null }));
      stream.on('close', () => resolve({ status, reason: reasonOf(body) }));
      // Wallet's notifications carry nothing: the device asks the web service what changed.
      stream.end('{}');
    });

  return {
    async push(tokens) {
      const answers = await Promise.all(tokens.map(one));
      const gone = answers.map(isGone);
      return {
        sent: answers.filter((a) => a.status === 200).length,
        gone: tokens.filter((_, i) => gone[i]),
        failed: answers.filter((a, i) => a.status !== 200 && !gone[i]).length,
      };
    },
    close() {
      session?.close();
      session = null;
    },
  };
}

function reasonOf(body: string): string | null {
  try {
    const reason = (JSON.parse(body) as { reason?: unknown }).reason;
    return typeof reason === 'string' ? reason : null;
  } catch {
    return null;
  }
}

/**
 * A token that will never take a push: 410 (the device unregistered), or 400 with a reason that is
 * about the token itself (Apple's "Handling notification responses from APNs"). Other refusals are
 * ours to fix (a certificate, a topic) and keep the registration.
 */
const isGone = ({ status, reason }: { status: number; reason: string | null }) =>
  status === 410 || (status === 400 && (reason === 'BadDeviceToken' || reason === 'DeviceTokenNotForTopic'));
