import { SCIM_TOKEN_PREFIX } from '@enlaza/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from '../../lib/auth.js';
import { sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { discovery } from './discovery.js';
import { notFound, ScimError } from './errors.js';
import type { ScimGroups } from './groups.js';
import type { ScimRepository } from './repository.js';
import type { ListQuery, ScimCaller, ScimUsers } from './users.js';

export const SCIM_CONTENT_TYPE = 'application/scim+json; charset=utf-8';
/** Calls a token may make per minute (an identity provider's full sync of a few thousand people stays under it; Okta and Entra ID retry a 429). */
const CALLS_PER_MINUTE = 600;
const TOUCH_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    scim?: ScimCaller;
  }
}

function send(reply: FastifyReply, status: number, body: unknown) {
  const version = body && typeof body === 'object' ? (body as { meta?: { version?: unknown } }).meta?.version : undefined;
  if (typeof version === 'string') void reply.header('etag', version);
  return reply.code(status).header('content-type', SCIM_CONTENT_TYPE).header('cache-control', 'no-store').send(JSON.stringify(body));
}

/** Any failure as RFC 7644 §3.12's error: ours, the app's (translated to English), a malformed request; never a stack. */
function toScimError(error: FastifyError | Error, request: FastifyRequest): ScimError {
  if (error instanceof ScimError) return error;
  if (error instanceof AppError) {
    const detail = translate('en', error.code, error.params);
    if (error.code === 'team.already_member') return new ScimError(409, 'uniqueness', detail);
    return new ScimError(error.status, error.status === 400 ? 'invalidValue' : null, detail);
  }
  const code = (error as FastifyError).code;
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new ScimError(415, null, 'Send application/scim+json or application/json.');
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ScimError(413, null, 'The body is too large.');
  const status = (error as FastifyError).statusCode;
  if (status && status >= 400 && status < 500) return new ScimError(400, 'invalidSyntax', 'The request could not be read.');
  request.log.error({ err: error }, 'unhandled SCIM error');
  return new ScimError(500, null, 'Something went wrong on our side.');
}

type Deps = { users: ScimUsers; groups: ScimGroups; repo: ScimRepository; limiter: RateLimiter; publicUrl: string };

/**
 * SCIM 2.0 (RFC 7644) at `/scim/v2`, outside `/api`: only a team's SCIM token opens it (nothing else
 * in the app takes that token: it is in no sessions' or personal tokens' table), and it reaches only
 * its own team's Users and Groups. Bodies are `application/scim+json` (or JSON) both ways; every
 * failure is a SCIM error, unknown paths included. No cookie, no CSRF (a bearer token, never a
 * browser's), no page: the SPA's fallback never answers here.
 */
export async function registerScimProtocol(app: FastifyInstance, deps: Deps): Promise<void> {
  const { users, groups, repo, limiter } = deps;
  const base = `${deps.publicUrl.replace(/\/$/, '')}/scim/v2`;
  const docs = discovery(base);

  await app.register(
    async (scim) => {
      scim.addContentTypeParser('application/scim+json', { parseAs: 'string' }, (_request, body, done) => {
        try {
          done(null, body === '' ? undefined : JSON.parse(body as string));
        } catch {
          done(new ScimError(400, 'invalidSyntax', 'The body is not valid JSON.'), undefined);
        }
      });
      scim.setErrorHandler((error: FastifyError, request, reply) => {
        const failure = toScimError(error, request);
        if (failure.status === 401) void reply.header('www-authenticate', 'Bearer realm="SCIM"');
        return send(reply, failure.status, failure.body());
      });
      scim.setNotFoundHandler((_request, reply) => send(reply, 404, notFound('Endpoint').body()));

      scim.addHook('onRequest', async (request) => {
        const token = bearerToken(request);
        const found = token?.startsWith(SCIM_TOKEN_PREFIX) ? await repo.liveToken(sha256(token)) : undefined;
        if (!found) throw new ScimError(401, null, 'A valid SCIM token is required (Authorization: Bearer).');
        await limiter.hit([{ key: `scim-token:${found.id}`, max: CALLS_PER_MINUTE, windowMs: 60_000 }], 'request.throttled');
        if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await repo.touchToken(found.id);
        request.scim = { teamId: found.teamId, tokenId: found.id, tokenName: found.name, base };
      });
      scim.addHook('onResponse', async (request, reply) => {
        const caller = request.scim;
        if (!caller) return;
        const path = (request.url.split('?')[0] ?? '').slice(0, 200);
        await repo
          .logCall({ teamId: caller.teamId, tokenId: caller.tokenId, method: request.method, path, status: reply.statusCode })
          .catch((error: unknown) => request.log.warn({ err: error }, 'SCIM call not logged'));
      });

      const caller = (request: FastifyRequest) => request.scim!;
      const query = (request: FastifyRequest): ListQuery => {
        const q = (request.query ?? {}) as Record<string, unknown>;
        const first = (v: unknown): unknown => (Array.isArray(v) ? (v as unknown[])[0] : v);
        const text = (name: keyof ListQuery) => (typeof first(q[name]) === 'string' ? (first(q[name]) as string) : undefined);
        return {
          filter: text('filter'),
          startIndex: text('startIndex'),
          count: text('count'),
          attributes: text('attributes'),
          excludedAttributes: text('excludedAttributes'),
        };
      };
      type WithId = FastifyRequest<{ Params: { id: string } }>;

      scim.get('/ServiceProviderConfig', async (_request, reply) => send(reply, 200, docs.config));
      scim.get('/ResourceTypes', async (_request, reply) => send(reply, 200, docs.resourceTypesList));
      scim.get('/ResourceTypes/:id', async (request: WithId, reply) => {
        const found = docs.resourceTypes.find((t) => t.id === request.params.id);
        if (!found) throw notFound('ResourceType');
        return send(reply, 200, found);
      });
      scim.get('/Schemas', async (_request, reply) => send(reply, 200, docs.schemasList));
      scim.get('/Schemas/:id', async (request: WithId, reply) => {
        const found = docs.schemas.find((s) => s.id === request.params.id);
        if (!found) throw notFound('Schema');
        return send(reply, 200, found);
      });

      for (const [path, resources] of [
        ['/Users', users],
        ['/Groups', groups],
      ] as const) {
        scim.get(path, async (request, reply) => send(reply, 200, await resources.list(caller(request), query(request))));
        scim.post(path, async (request, reply) => {
          const created = await resources.create(caller(request), request.body);
          void reply.header('location', (created.meta as { location: string }).location);
          return send(reply, 201, created);
        });
        scim.get(`${path}/:id`, async (request: WithId, reply) =>
          send(reply, 200, await resources.get(caller(request), request.params.id, query(request))),
        );
        scim.put(`${path}/:id`, async (request: WithId, reply) =>
          send(reply, 200, await resources.replace(caller(request), request.params.id, request.body)),
        );
        scim.patch(`${path}/:id`, async (request: WithId, reply) =>
          send(reply, 200, await resources.patch(caller(request), request.params.id, request.body)),
        );
        scim.delete(`${path}/:id`, async (request: WithId, reply) => {
          await resources.remove(caller(request), request.params.id);
          return reply.code(204).header('cache-control', 'no-store').send();
        });
      }
    },
    { prefix: '/scim/v2' },
  );
}
