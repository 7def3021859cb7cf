import { Readable } from 'node:stream';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { remembered } from '../lib/remembered.js';

/**
 * Text worth compressing: HTML, JSON, JS, CSS, SVG, XML, vCards. Never a `text/event-stream`
 * (a stream of events must reach the browser as each is written, not when a compressor's buffer
 * fills) and never binary files or downloads of unknown type (`application/octet-stream`).
 */
export function isCompressibleType(contentType: string): boolean {
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return type.startsWith('text/') || /[/+](json|xml)$/.test(type) || type === 'application/javascript' || type === 'image/svg+xml';
}

/** The same, remembered per Content-Type value (an app sends a handful; asked twice per answer). */
const compressibleType = remembered((type) => type !== undefined && isCompressibleType(type));

/** Below this many bytes an answer is sent as it is: compressing it would save less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli or gzip for text answers, chosen from the request's Accept-Encoding. Static assets come
 * precompressed from the build (see spa.ts); answers made per request (HTML, JSON) are compressed
 * on the fly. Every compressible answer says `Vary: Accept-Encoding`, compressed or not, so a
 * shared cache never hands a compressed body to a client that did not ask for one (or the reverse).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && compressibleType(type)) {
        const vary = String(reply.getHeader('vary') ?? '');
        // Lower case: the compressor looks for exactly this spelling before adding its own.
        if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
        // The compressor applies its threshold to bytes only, and compresses every stream: a small
        // file of the web app (the build precompresses none under 1 KB) would be compressed on each
        // request, and come out larger. One of known, small length is handed on as bytes.
        if (
          payload instanceof Readable &&
          !reply.hasHeader('content-encoding') &&
          Number(reply.getHeader('content-length')) < COMPRESSION_THRESHOLD
        )
          return Buffer.concat(await payload.toArray());
      }
      return payload;
    });
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD,
      // Only these types: the plugin's own fallback would also take octet-stream downloads.
      customTypes: (type: string) => compressibleType(type),
      // Fast settings: a page or a JSON answer is compressed on every request.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);

export type BodyEncoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding the compression plugin would pick for an Accept-Encoding value: the highest `q` of
 * br and gzip (`x-gzip` and `*` count as gzip, as there), brotli on a tie, identity when neither is
 * accepted (`q=0`) or nothing is asked for.
 */
export function acceptedEncoding(header: string | undefined): BodyEncoding {
  if (!header) return 'identity';
  let br = 0;
  let gzip = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim();
    const qParam = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const q = qParam === undefined ? 1 : Number(qParam) || 0;
    if (name === 'br') br = Math.max(br, q);
    else if (name === 'gzip' || name === 'x-gzip' || name === '*') gzip = Math.max(gzip, q);
  }
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** The encoding to send a request's answer in (`x-no-compression`: plain, as the plugin does). */
export function requestEncoding(request: FastifyRequest): BodyEncoding {
  return request.headers['x-no-compression'] !== undefined ? 'identity' : encodingOf(request.headers['accept-encoding']);
}
const encodingOf = remembered(acceptedEncoding);

/**
 * An answer serialised once and kept as bytes, compressed at most once per encoding, when first
 * asked for: a repeat costs neither serialisation nor compression. Brotli at quality 6 with its
 * window fitted to the body (the encoder's set-up dominates with the default 4 MB window); gzip at
 * level 6. Below COMPRESSION_THRESHOLD the body is always sent plain, as the plugin would.
 */
export class PreparedBody {
  private readonly encoded = new Map<'br' | 'gzip', Buffer>();

  constructor(
    readonly plain: Buffer,
    readonly contentType = 'application/json; charset=utf-8',
  ) {}

  /** The body to send for an accepted `encoding` and the encoding it is in. */
  in(encoding: BodyEncoding): { body: Buffer; encoding: BodyEncoding } {
    if (encoding === 'identity' || this.plain.length < COMPRESSION_THRESHOLD) return { body: this.plain, encoding: 'identity' };
    let body = this.encoded.get(encoding);
    if (!body) {
      body = compressBody(encoding, this.plain);
      this.encoded.set(encoding, body);
    }
    return { body, encoding };
  }
}

const windowBits = (size: number) =>
  Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 1))));

/**
 * A body compressed for keeping. Brotli's window fitted to the body: with the default window (4 MB)
 * the encoder's set-up dominates on a body of a few KB — quality 9 took ~50 ms for an 8.6 KB card
 * page here, against ~6 ms with a 16 KB window, for the same output. Measured on that page: quality 6
 * writes 2,599 bytes in ~3 ms, the same as quality 9 at half the time and 0.2 % better than quality 5;
 * quality 11 saves 12 % but costs ~160 ms.
 */
export function compressBody(encoding: 'br' | 'gzip', plain: Buffer): Buffer {
  if (encoding === 'gzip') return gzipSync(plain, { level: 6 });
  return brotliCompressSync(plain, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 6,
      [constants.BROTLI_PARAM_LGWIN]: windowBits(plain.length),
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
    },
  });
}

/**
 * Sends a prepared body as bytes, in the encoding the request accepts (`x-no-compression`: plain,
 * as the plugin does). It bypasses the route's response serialiser: whoever prepared the body
 * validated it against the route's schema then. `Vary: Accept-Encoding` comes from the plugin's hook.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, prepared: PreparedBody): FastifyReply {
  const { body, encoding } = prepared.in(requestEncoding(request));
  reply.type(prepared.contentType);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
}
