import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../lib/error-handler.js';
import { AppError } from '../../lib/errors.js';
import type { CustomDomainsService, HostTarget } from './service.js';

type Serve = {
  serveProfile: (
    request: FastifyRequest<{ Querystring: { preview?: string; posts?: string } }>,
    reply: FastifyReply,
    alias: string,
    profileId: string,
    on: { host: string },
  ) => Promise<unknown>;
  serveDirectory: (request: FastifyRequest, reply: FastifyReply, alias: string, on: { host: string }) => Promise<unknown>;
};

/** What a custom host answers besides its page: the page's own files and its anonymous calls (contact form, vCard, wallet, clicks). */
const PAGE_PARTS = /^\/(assets\/|api\/public\/|favicon\.ico$|robots\.txt$)/;

/**
 * Requests to a verified custom domain (docs/custom-domains.md): `/` is the card, tag or team
 * directory it serves; the page's files and its anonymous API calls answer as on PUBLIC_URL; any
 * other API path is 404, and any other page (sign-in, the app) is sent to PUBLIC_URL — the app's own
 * screens and cookies never answer on an owner's domain, and no answer there sets a cookie. A host
 * that is neither PUBLIC_URL's nor a verified domain is answered as before. Hosts are looked up once
 * per `ttlMs` per process: a check or a removal in this process applies at once, in another within it.
 */
export function registerCustomDomainHosts(
  app: FastifyInstance,
  options: {
    domains: Pick<CustomDomainsService, 'targetOf' | 'verifiedHosts' | 'onHostChange'>;
    publicUrl: string;
    pages: Serve;
    ttlMs?: number;
  },
): void {
  const publicHost = new URL(options.publicUrl).hostname.toLowerCase();
  const ttlMs = options.ttlMs ?? 30_000;
  // Every verified host, read at most once per `ttlMs` (one small query, whatever hosts requests
  // name: a flood of made-up Host headers costs no query each); then each one's target.
  let verified: { at: number; hosts: Promise<Set<string>> } | null = null;
  const verifiedHosts = (): Promise<Set<string>> => {
    if (!verified || Date.now() - verified.at >= ttlMs) {
      const hosts = options.domains.verifiedHosts().then((list) => new Set(list));
      // A failed read is not kept: the next request reads again.
      hosts.catch(() => (verified = null));
      verified = { at: Date.now(), hosts };
    }
    return verified.hosts;
  };
  const known = new Map<string, { at: number; target: HostTarget | null }>();
  const lookup = async (host: string): Promise<HostTarget | null> => {
    if (!(await verifiedHosts()).has(host)) return null;
    const hit = known.get(host);
    if (hit && Date.now() - hit.at < ttlMs) return hit.target;
    const target = await options.domains.targetOf(host);
    known.set(host, { at: Date.now(), target });
    return target;
  };
  options.domains.onHostChange((host) => {
    known.delete(host);
    verified = null;
  });
  const served = new WeakSet<FastifyRequest>();

  app.addHook('onRequest', async (request, reply) => {
    const host = request.hostname.toLowerCase();
    // PUBLIC_URL's own host, a bare address or a name without a dot is never an owner's domain.
    if (host === publicHost || !host.includes('.') || /^[\d.]+$/.test(host) || host.startsWith('[')) return;
    const target = await lookup(host);
    if (!target) return;
    served.add(request);
    const path = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && path === '/') {
      const on = { host };
      if (target.kind === 'profile')
        await options.pages.serveProfile(
          request as FastifyRequest<{ Querystring: { preview?: string; posts?: string } }>,
          reply,
          target.alias,
          target.profileId,
          on,
        );
      else await options.pages.serveDirectory(request, reply, target.alias, on);
      return reply;
    }
    if (PAGE_PARTS.test(path)) return;
    // The API and SCIM (/scim/v2, a team's identity provider) answer on PUBLIC_URL only.
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/scim/')) {
      await sendError(request, reply, new AppError('request.not_found'));
      return reply;
    }
    return reply.header('cache-control', 'no-store').redirect(`${options.publicUrl}${request.url}`, 302);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (served.has(request)) reply.removeHeader('set-cookie');
    return payload;
  });
}
