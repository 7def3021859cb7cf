import type { Transaction } from '../../db/client.js';
import { renderEmail } from '../../lib/email-templates.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { Mailer } from '../../platform/mailer.js';
import type { UserRow } from '../account/index.js';

/** Emails an account's owner gets a (UTC) day about registrations tried with their address; more attempts are silent. */
export const TAKEN_EMAIL_NOTICES_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Which registration of an address this is today, new or taken alike: the same two statements either way. */
export type RegistrationAttempt = { day: string; count: number };

export function createAttemptCounter(limiter: Pick<RateLimiter, 'record' | 'count'>) {
  return async function countAttempt(email: string, taken: boolean, now = Date.now()): Promise<RegistrationAttempt> {
    const key = `register-${taken ? 'taken' : 'new'}:${email}`;
    const midnight = now - (now % DAY_MS);
    await limiter.record([key], now);
    return { day: new Date(midnight).toISOString().slice(0, 10), count: await limiter.count(key, now - midnight + 1, now) };
  };
}

/**
 * Registering with an address that already has an account answers exactly as a new registration
 * ("check your email"), so the form cannot tell who has an account. The address's owner is told
 * instead, in their language and the product's email layout: someone tried, sign in or reset the
 * password if it was you. It is queued in the registration's transaction, as a new account's
 * verification email is; past the day's notices it is queued under the last notice's key, so the
 * same statements run and no email leaves.
 */
export function createTakenEmailNotice({ mailer, publicUrl }: { mailer: Pick<Mailer, 'send'>; publicUrl: string }) {
  return async function tellOwner(owner: Pick<UserRow, 'id' | 'name' | 'email' | 'locale'>, attempt: RegistrationAttempt, tx: Transaction) {
    const notice = Math.min(Math.max(attempt.count, 1), TAKEN_EMAIL_NOTICES_PER_DAY);
    await mailer.send(
      {
        to: owner.email,
        userId: owner.id,
        kind: 'system',
        ...renderEmail(owner.locale ?? 'en', 'registration_attempted', { name: owner.name, email: owner.email, link: `${publicUrl}/` }),
      },
      { tx, idempotencyKey: `registration-attempted:${owner.id}:${attempt.day}:${notice}` },
    );
  };
}
