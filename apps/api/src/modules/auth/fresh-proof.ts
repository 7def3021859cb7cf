import type { FastifyRequest } from 'fastify';
import type { SensitiveChange, SignedInUser } from '../../lib/auth.js';
import { AppError } from '../../lib/errors.js';
import { renderEmail } from '../../lib/email-templates.js';
import { translate } from '../../lib/i18n.js';
import { addressKey, type RateLimiter } from '../../lib/rate-limit.js';
import { originOf, type RequestOrigin } from '../../lib/request-context.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/events.js';
import type { Mailer } from '../../platform/mailer.js';
import type { SessionsRepository, UserRow } from '../account/index.js';
import { deviceOf } from './device.js';
import { loginLimits } from './sign-in-limits.js';
import type { KnownAddresses } from './two-factor.js';

const MINUTE = 60_000;

export type FreshProofSettings = { clock: Pick<Clock, 'now'>; windowMinutes: number; publicUrl: string };

/**
 * "Sudo mode" (docs/security.md, "Sensitive changes need a fresh proof"): a session proves its owner
 * again, and for REAUTH_WINDOW_MINUTES may add a passkey, create a token, change a webhook…; each
 * such change is emailed to the owner. The guard that asks for it is lib/auth.ts's.
 */
export function createFreshProof(
  deps: FreshProofSettings & {
    repo: SessionsRepository;
    limiter: RateLimiter;
    events: Pick<EventBus, 'publish'>;
    knownAddresses: KnownAddresses;
    mailer: Pick<Mailer, 'send' | 'defer'>;
    noticeFailures: (user: UserRow, email: string, at: number) => void;
  },
) {
  const { repo, limiter, events, knownAddresses, mailer, noticeFailures } = deps;
  const reauth = deps;
  const reauthWindowMs = deps.windowMinutes * MINUTE;
  return {
    /**
     * A fresh proof of the owner for this session (docs/security.md, "Sensitive changes"): `check`
     * verifies the password, code or passkey. Every attempt is counted by the sign-in limits before
     * it is checked, a failure counts as a failed sign-in (and towards the owner's notice), so a
     * stolen session cannot guess the password faster than the sign-in page allows. Only this
     * session is stamped, on the product clock.
     */
    async reauthenticate(
      auth: { sessionId: string; user: UserRow; token?: unknown },
      origin: RequestOrigin,
      check: () => Promise<boolean>,
    ): Promise<{ reauthenticatedUntil: string }> {
      if (auth.token) throw new AppError('auth.token_not_allowed');
      const email = auth.user.email.toLowerCase();
      const address = addressKey(origin.address ?? '');
      const attempt = await limiter.hit(loginLimits(email, address, await knownAddresses.has(auth.user.id, address)), 'auth.throttled', {
        countRefused: false,
      });
      if (!(await check())) {
        await events.publish('auth.sign_in_failed', { userId: auth.user.id, origin, after: { email } });
        noticeFailures(auth.user, email, Date.now());
        throw new AppError('auth.reauth_invalid');
      }
      await limiter.release(attempt);
      const at = reauth.clock.now();
      await repo.stampReauthenticated(auth.sessionId, at);
      return { reauthenticatedUntil: new Date(at.getTime() + reauthWindowMs).toISOString() };
    },

    /** Until when this session's fresh proof lasts; null: it has none (never given, or over). */
    async reauthenticatedUntil(sessionId: string): Promise<string | null> {
      const at = await repo.reauthenticatedAt(sessionId);
      const until = at ? at.getTime() + reauthWindowMs : null;
      return until !== null && until > reauth.clock.now().getTime() ? new Date(until).toISOString() : null;
    },

    /** What lib/auth.ts's guard of sensitive routes asks: is the proof fresh; tell the owner of a change. */
    sensitive: {
      isFresh: async (sessionId: string): Promise<boolean> => {
        const at = await repo.reauthenticatedAt(sessionId);
        const now = reauth.clock.now().getTime();
        // Within the window either side: a clock set back a little (tests do) keeps it; a stamp far in the future never lasts.
        return at !== null && Math.abs(now - at.getTime()) < reauthWindowMs;
      },
      notifyOwner(user: SignedInUser, change: SensitiveChange, request: FastifyRequest): void {
        const origin = originOf(request);
        mailer.defer(async () => {
          // The row as it is now (an email change still pending: the old address, which is the point).
          const owner = await repo.findUserById(user.id);
          if (!owner) return;
          const locale = owner.locale ?? 'en';
          const device = deviceOf(origin.device);
          const t = (key: string) => translate(locale, key);
          await mailer.send({
            to: owner.email,
            userId: owner.id,
            kind: 'system',
            ...renderEmail(locale, 'account_changed', {
              name: owner.name,
              link: `${reauth.publicUrl}/?forgot=1`,
              vars: {
                change: t(`email.account_changed.changes.${change}`),
                time: reauth.clock.now().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
                device: [device.browser, device.os].filter(Boolean).join(', ') || t('email.account_changed.unknown_device'),
                address: origin.address ?? '?',
              },
            }),
          });
        });
      },
    },
  };
}
