import type { FastifyInstance } from 'fastify';
import { addressKey, type RateLimiter } from '../../lib/rate-limit.js';
import { AppError } from '../../lib/errors.js';
import type { WalletService } from './service.js';

/**
 * Registrations one address may make in an hour. A pass's authentication token is in every copy
 * of a public card's pass, so anyone could register made-up devices without end and have each change
 * of the card pushed to them; a phone registers once per pass.
 */
export const WALLET_REGISTRATIONS_PER_ADDRESS_HOUR = 60;
/**
 * Log posts one address may make in an hour. The log route needs no token (Apple's devices send it
 * without one) and writes to the server's log: unbounded, it would let anyone fill the disk.
 */
export const WALLET_LOGS_PER_ADDRESS_HOUR = 60;

type RegistrationParams = { device: string; passTypeId: string; serial: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Identifiers Apple sends are short opaque strings; anything else is not a device of ours. */
const ID = /^[\w.-]{1,128}$/;

/**
 * Apple's PassKit web service (webServiceURL = PUBLIC_URL/wallet): devices register for a pass's
 * updates, ask which passes changed, fetch the latest pass, and send their logs. Outside /api: the
 * paths, the `ApplePass` authorization and the bare status answers are Apple's protocol.
 * Registered only with Apple passes configured.
 */
export function registerWalletWebService(app: FastifyInstance, wallet: WalletService, limiter: RateLimiter): void {
  if (!wallet.webService) return;
  const valid = (p: RegistrationParams) => ID.test(p.device) && ID.test(p.passTypeId) && UUID.test(p.serial);
  const registration = '/wallet/v1/devices/:device/registrations/:passTypeId/:serial';
  /** Counts one request against an hourly limit: null within it, else the Retry-After headers of the bare 429 Apple's protocol answers. */
  const withinLimit = async (key: string, max: number): Promise<Record<string, string> | null> => {
    try {
      await limiter.consume([{ key, max, windowMs: 60 * 60_000 }]);
      return null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return error.headers ?? {};
    }
  };

  app.post<{ Params: RegistrationParams; Body: unknown }>(registration, { bodyLimit: 4096 }, async (request, reply) => {
    const body = request.body as { pushToken?: unknown } | undefined;
    const pushToken = typeof body?.pushToken === 'string' && /^[\w-]{1,200}$/.test(body.pushToken) ? body.pushToken : null;
    if (!valid(request.params)) return reply.code(401).send();
    if (!pushToken) return reply.code(400).send();
    const { device, passTypeId, serial } = request.params;
    const refused = await withinLimit(`wallet-register:${addressKey(request.ip)}`, WALLET_REGISTRATIONS_PER_ADDRESS_HOUR);
    if (refused) return reply.code(429).headers(refused).send();
    const result = await wallet.register(device, passTypeId, serial, pushToken, request.headers.authorization);
    return reply.code({ created: 201, exists: 200, unauthorized: 401, not_found: 404 }[result]).send();
  });

  app.delete<{ Params: RegistrationParams }>(registration, async (request, reply) => {
    if (!valid(request.params)) return reply.code(401).send();
    const { device, passTypeId, serial } = request.params;
    const done = await wallet.unregister(device, passTypeId, serial, request.headers.authorization);
    return reply.code(done ? 200 : 401).send();
  });

  app.get<{ Params: { device: string; passTypeId: string }; Querystring: { passesUpdatedSince?: string } }>(
    '/wallet/v1/devices/:device/registrations/:passTypeId',
    async (request, reply) => {
      const { device, passTypeId } = request.params;
      if (!ID.test(device) || !ID.test(passTypeId)) return reply.code(404).send();
      const since = typeof request.query.passesUpdatedSince === 'string' ? request.query.passesUpdatedSince : undefined;
      const found = await wallet.updatedSerials(device, passTypeId, since);
      if (!found) return reply.code(204).send();
      return reply.header('cache-control', 'no-store').send(found);
    },
  );

  app.get<{ Params: { passTypeId: string; serial: string } }>('/wallet/v1/passes/:passTypeId/:serial', async (request, reply) => {
    const { passTypeId, serial } = request.params;
    if (!ID.test(passTypeId) || !UUID.test(serial)) return reply.code(401).send();
    // HTTP dates have whole seconds, as the pass's updated moment does.
    const since = Date.parse(request.headers['if-modified-since'] ?? '');
    const found = await wallet.latestPass(passTypeId, serial, request.headers.authorization, Number.isNaN(since) ? null : since);
    if (found === 'unauthorized') return reply.code(401).send();
    if (found === 'not_modified') return reply.code(304).send();
    if (!found) return reply.code(404).send();
    return reply
      .type('application/vnd.apple.pkpass')
      .header('last-modified', found.updatedAt.toUTCString())
      .header('cache-control', 'no-cache')
      .send(found.pass);
  });

  app.post<{ Body: unknown }>('/wallet/v1/log', { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const refused = await withinLimit(`wallet-log:${addressKey(request.ip)}`, WALLET_LOGS_PER_ADDRESS_HOUR);
    if (refused) return reply.code(429).headers(refused).send();
    const logs = (request.body as { logs?: unknown } | undefined)?.logs;
    if (Array.isArray(logs))
      for (const line of logs.slice(0, 50))
        if (typeof line === 'string') request.log.warn({ wallet: line.slice(0, 2000) }, 'Apple Wallet device log');
    return reply.code(200).send();
  });
}
