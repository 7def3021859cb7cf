import type { FastifyRequest } from 'fastify';

/** A short description of the client for the sessions list: browser and platform from the User-Agent. */
export function deviceOf(request: FastifyRequest): string | null {
  const ua = request.headers['user-agent'];
  return ua ? ua.slice(0, 300) : null;
}
