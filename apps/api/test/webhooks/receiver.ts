import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: IncomingHttpHeaders; body: string };

/**
 * A webhook receiver as a customer would write one: a plain HTTP server that answers each request
 * with the next status of `statuses` (then 200), and keeps what it got.
 */
export async function startReceiver(statuses: number[] = [], options: { hold?: () => boolean } = {}) {
  const received: Received[] = [];
  let held = 0;
  const queue = [...statuses];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      // Holding: the request stays unanswered (an attempt in flight), until the server closes.
      if (options.hold?.()) {
        held += 1;
        return;
      }
      res.writeHead(queue.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    held: () => held,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An independent verifier of the documented scheme (docs/webhooks.md), written from the text, not
 * from the API's code: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, refused when older than 5 minutes.
 */
export function verifySignature(
  secret: string,
  header: string | undefined,
  body: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((kv) => kv.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
