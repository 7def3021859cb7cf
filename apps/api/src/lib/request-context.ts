import type { FastifyRequest } from 'fastify';

/** Where a request came from, as recorded with sign-ins and changes (the activity module keeps it). */
export type RequestOrigin = { address: string | null; device: string | null };

/** Client address and User-Agent, as recorded with sign-ins and changes. */
export function originOf(request: FastifyRequest): RequestOrigin {
  const ua = request.headers['user-agent'];
  return { address: request.ip || null, device: ua ? ua.slice(0, 300) : null };
}
