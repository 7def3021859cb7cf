import type { Locale, Role } from '@enlaza/contracts';
import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../lib/auth.js';
import { localeFromHeader } from '../lib/i18n.js';

/**
 * Who is acting: what services receive instead of the users row (the password hash and the rest of
 * the account stay in the accounts module). `locale` is the language the web app asks in.
 */
export type Actor = { id: string; role: Role; locale: Locale };

/** The actor of an authenticated request (after `app.authenticate`). */
export function actorOf(request: FastifyRequest): Actor {
  const { user } = requireAuth(request);
  return { id: user.id, role: user.role, locale: localeFromHeader(request.headers['accept-language']) };
}
