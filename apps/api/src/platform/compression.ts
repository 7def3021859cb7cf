import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
      if (typeof type === 'string' && isCompressibleType(type)) {
        const vary = String(reply.getHeader('vary') ?? '');
        // Lower case: the compressor looks for exactly this spelling before adding its own.
        if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
      }
      return payload;
    });
    await app.register(compress, {
      global: true,
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION_THRESHOLD,
      // Only these types: the plugin's own fallback would also take octet-stream downloads.
      customTypes: (type: string) => isCompressibleType(type),
      // Fast settings: a page or a JSON answer is compressed on every request.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
