import { existsSync, readFileSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { metaTag } from './html.js';

const HEAD_SLOT = '<!--app-head-->';
/** Assets served brotli or gzip compressed by negotiation (the build precompresses these kinds). */
const PRECOMPRESSED = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.html', '.webmanifest', '.xml', '.map']);

/**
 * Serves the built SPA: hashed assets from disk with a long cache, and index.html rendered per
 * request with the CSRF token and runtime settings in meta tags (never cached).
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { webDist: string; countryLookupUrl: string; publicUrl: string }) => {
    const indexPath = join(opts.webDist, 'index.html');
    const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
    if (!template) app.log.warn(`The web app is not built (${indexPath} is missing): run "npm run build". The API still works.`);
    else {
      await app.register(fastifyStatic, {
        root: opts.webDist,
        index: false,
        wildcard: false,
        allowedPath: (path) => path !== '/index.html',
        // The build writes name.br and name.gz beside each text asset (apps/web/build/precompress.mjs).
        preCompressed: true,
        // Our own header: @fastify/static's default (max-age=0) would replace the one set below.
        cacheControl: false,
        setHeaders: (res, path) => {
          // Files under assets/ have a content hash in their path: they never change.
          res.setHeader(
            'cache-control',
            path.startsWith(join(opts.webDist, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
          if (PRECOMPRESSED.has(extname(path.replace(/\.(br|gz)$/, '')))) res.setHeader('vary', 'accept-encoding');
        },
      });
    }

    app.decorate('sendSpa', (request: FastifyRequest, reply: FastifyReply, extraHead = '', status = 200) => {
      if (!template) return reply.status(503).type('text/plain').send('The web app is not built. Run "npm run build".');
      const head = [
        metaTag('csrf-token', app.issueCsrfToken(request, reply)),
        metaTag('country-lookup-url', opts.countryLookupUrl),
        // The address every link and QR code the app shows is built on (PUBLIC_URL), whatever host the page was opened on.
        metaTag('public-url', opts.publicUrl),
        extraHead,
      ].join('\n    ');
      return reply
        .status(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(template.replace(HEAD_SLOT, head));
    });
  },
  { name: 'spa', dependencies: ['csrf'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the SPA's index.html; `extraHead` adds tags such as OpenGraph ones. */
    sendSpa(request: FastifyRequest, reply: FastifyReply, extraHead?: string, status?: number): FastifyReply;
  }
}
