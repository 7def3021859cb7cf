import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { randomToken, hmac, safeEqual } from './crypto.js';
import { AppError } from './errors.js';

export const CSRF_COOKIE = 'enlaza_csrf';
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

    app.addHook('onRequest', async (request) => {
      // The matched route, not the raw URL: /%61pi/login reaches /api/login too.
      const path = request.routeOptions.url ?? decodeURIComponentSafe(request.url);
      if (!UNSAFE.has(request.method) || !path.startsWith('/api/')) return;
      if (/^Bearer\s+\S/i.test(request.headers.authorization ?? '')) return;
      if (!fromBrowser(request)) return;
      // A SAML identity provider's page posts its signed response here across sites (modules/sso):
      // the signature and the request it answers are the proof; the session is bound to the browser apart.
      if (request.routeOptions.config.csrf === 'identity-provider-post') return;
      if (crossSite(request)) throw new AppError('csrf.cross_site');
      // Fetch Metadata: the browser itself says the request comes from a page of this origin (a page's
      // script cannot set Sec-Fetch-Site), which is what the token proves. Routes of the public page opt
      // in, so a visit sets no cookie; a browser without Fetch Metadata still needs the token.
      if (request.routeOptions.config.csrf === 'same-origin' && request.headers['sec-fetch-site'] === 'same-origin') return;
      const nonce = readCookie(request, CSRF_COOKIE);
      const token = request.headers['x-csrf-token'];
      if (!nonce || typeof token !== 'string' || !safeEqual(token, hmac(opts.secret, nonce))) throw new AppError('csrf.invalid');
    });
  },
  { name: 'csrf' },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'same-origin'`: a browser request marked `Sec-Fetch-Site: same-origin` needs no token (the
     * public page's anonymous calls: its visitors get no cookie). Cross-site is refused as everywhere.
     * `'identity-provider-post'`: the SAML ACS, posted by the identity provider's page from its own
     * site; it carries a signed response for a request this browser started, and signs no one in itself.
     */
    csrf?: 'same-origin' | 'identity-provider-post';
  }
  interface FastifyInstance {
    /** Returns the token for the page's meta tag, setting the nonce cookie when the browser has none. */
    issueCsrfToken(request: FastifyRequest, reply: FastifyReply): string;
  }
}
