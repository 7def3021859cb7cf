import { connect, constants, type ClientHttp2Session } from 'node:http2';

/** Apple's push service for Wallet: an empty notification tells a device to ask which passes changed. */
export type PassPusher = {
  /** Sends to each token; answers the tokens Apple says are gone (410), whose registrations can be dropped. */
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

  const one = (token: string) =>
    new Promise<number>((resolve) => {
      let client: ClientHttp2Session;
      try {
        client = open();
      } catch {
        resolve(0);
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
      stream.on('response', (headers) => {
        status = Number(headers[constants.HTTP2_HEADER_STATUS]);
      });
      stream.on('error', () => resolve(0));
      stream.on('close', () => resolve(status));
      stream.resume();
      // Wallet's notifications carry nothing: the device asks the web service what changed.
      stream.end('{}');
    });

  return {
    async push(tokens) {
      const statuses = await Promise.all(tokens.map(one));
      return {
        sent: statuses.filter((s) => s === 200).length,
        gone: tokens.filter((_, i) => statuses[i] === 410),
        failed: statuses.filter((s) => s !== 200 && s !== 410).length,
      };
    },
    close() {
      session?.close();
      session = null;
    },
  };
}
