import type { FastifyRequest } from 'fastify';
import type { RequestOrigin } from '../modules/activity/service.js';

/** Client address and User-Agent, as recorded with sign-ins and changes. */
export function originOf(request: FastifyRequest): RequestOrigin {
  const ua = request.headers['user-agent'];
  return { address: request.ip || null, device: ua ? ua.slice(0, 300) : null };
}
