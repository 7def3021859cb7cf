import { renderEmail } from '../../lib/email-templates.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { Mailer } from '../../platform/mailer.js';
import type { UserRow } from '../account/index.js';

const MINUTE = 60_000;

/**
 * Failed sign-ins allowed (OWASP ASVS V2.2): for one account from one address (tight, per minute); from
 * one address over all accounts (per minute); and for one account over all addresses (a slow ceiling,
 * per hour, against guessing spread over many addresses). An address that has signed in to the account
 * before is not held back by that ceiling, so strangers' failures cannot lock the owner out.
 * docs/sign-in-security.md explains the numbers.
 */
export const LOGIN_LIMITS = {
  perAccountAndAddress: 5,
  perAddress: 30,
  windowMs: MINUTE,
  perAccount: 100,
  accountWindowMs: 60 * MINUTE,
  /** Failures in an hour for one account after which its owner is told, at most once an hour. */
  notifyAfter: 10,
} as const;

/** The limits one sign-in attempt (or fresh proof) counts against; a known address is counted but never refused on the account's ceiling. */
export const loginLimits = (email: string, address: string, knownAddress: boolean) => [
  { key: `login:${email}|${address}`, max: LOGIN_LIMITS.perAccountAndAddress, windowMs: LOGIN_LIMITS.windowMs },
  { key: `login-address:${address}`, max: LOGIN_LIMITS.perAddress, windowMs: LOGIN_LIMITS.windowMs },
  // Still counted from a known address (its failures are failures), never refused there.
  {
    key: `login-account:${email}`,
    max: knownAddress ? Number.POSITIVE_INFINITY : LOGIN_LIMITS.perAccount,
    windowMs: LOGIN_LIMITS.accountWindowMs,
  },
];

/** Repeated failures: the owner hears of them once an hour (count and time only; no place). */
export function failureNotice(limiter: RateLimiter, mailer: Pick<Mailer, 'send' | 'defer'>) {
  return (user: UserRow, email: string, at: number): void => {
    mailer.defer(async () => {
      const failures = await limiter.count(`login-account:${email}`, LOGIN_LIMITS.accountWindowMs, at);
      if (failures < LOGIN_LIMITS.notifyAfter) return;
      const hour = Math.floor(at / LOGIN_LIMITS.accountWindowMs);
      const locale = user.locale ?? 'en';
      const time = new Date(at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
      await mailer.send(
        {
          to: user.email,
          userId: user.id,
          kind: 'system',
          ...renderEmail(locale, 'sign_in_failures', { name: user.name, vars: { count: failures, time } }),
        },
        // The same hour never makes a second email, in any process.
        { idempotencyKey: `sign-in-failures:${user.id}:${hour}` },
      );
    });
  };
}
