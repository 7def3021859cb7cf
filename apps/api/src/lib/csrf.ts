import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomToken, hmac, safeEqual } from './crypto.js';
import { AppError } from './errors.js';

export const CSRF_COOKIE = 'enlaza_csrf';
/**
 * The token itself, readable by the page's script, for pages whose HTML is the same for every
 * visitor (the public profile page): the body can then be rendered and compressed once and served
 * to everyone, and the per-visitor part travels in a header. Reading it needs same-origin script,
 * which is exactly what a cross-site attacker lacks (the usual "XSRF-TOKEN cookie" pattern).
 */
export const CSRF_TOKEN_COOKIE = 'enlaza_csrf_token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined; // a malformed escape is simply no cookie
    }
  }
  return undefined;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function fromBrowser(request: FastifyRequest): boolean {
  const h = request.headers;
  // Every current browser sends Sec-Fetch-Site or Origin on these requests; server-side fetch clients may send Sec-Fetch-Mode, so it is not a sign.
  return Boolean(h.origin || h['sec-fetch-site'] || h.cookie);
}

function crossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return true;
  const origin = request.headers.origin;
  if (!origin || origin === 'null') return origin === 'null';
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

/**
 * Double-submit CSRF protection for the SPA. The page's `<meta name="csrf-token">` holds an HMAC of
 * a random nonce kept in an HttpOnly SameSite cookie; an anonymous state-changing request from a
 * browser must send that HMAC in `X-CSRF-TOKEN`. Scripts using a bearer token (which a browser never
 * attaches on its own) are not concerned; cross-site requests are refused outright.
 */
export const csrfPlugin = fp(
  (app: FastifyInstance, opts: { secret: string }) => {
    app.decorate('issueCsrfToken', (request: FastifyRequest, reply: FastifyReply): string => {
      let nonce = readCookie(request, CSRF_COOKIE);
      if (!nonce || !/^[\w-]{32,64}$/.test(nonce)) {
        nonce = randomToken();
        const secure = request.protocol === 'https' ? '; Secure' : '';
        void reply.header('set-cookie', `${CSRF_COOKIE}=${nonce}; Path=/; HttpOnly; SameSite=Lax${secure}`);
      }
      return hmac(opts.secret, nonce);
    });

    app.decorate('issueCsrfCookie', (request: FastifyRequest, reply: FastifyReply): void => {
      const token = app.issueCsrfToken(request, reply);
      if (readCookie(request, CSRF_TOKEN_COOKIE) === token) return;
      const secure = request.protocol === 'https' ? '; Secure' : '';
      void reply.header('set-cookie', `${CSRF_TOKEN_COOKIE}=${token}; Path=/; SameSite=Lax${secure}`);
    });

    app.addHook('onRequest', async (request) => {
      // The matched route, not the raw URL: /%61pi/login reaches /api/login too.
      const path = request.routeOptions.url ?? decodeURIComponentSafe(request.url);
      if (!UNSAFE.has(request.method) || !path.startsWith('/api/')) return;
      if (/^Bearer\s+\S/i.test(request.headers.authorization ?? '')) return;
      if (!fromBrowser(request)) return;
      if (crossSite(request)) throw new AppError('csrf.cross_site');
      const nonce = readCookie(request, CSRF_COOKIE);
      const token = request.headers['x-csrf-token'];
      if (!nonce || typeof token !== 'string' || !safeEqual(token, hmac(opts.secret, nonce))) throw new AppError('csrf.invalid');
    });
  },
  { name: 'csrf' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Returns the token for the page's meta tag, setting the nonce cookie when the browser has none. */
    issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string;
    /** The same token in a cookie the page's script reads (CSRF_TOKEN_COOKIE), set when missing or stale. */
    issueCsrfCookie(request: FastifyRequest, reply: FastifyReply): void;
  }
}
