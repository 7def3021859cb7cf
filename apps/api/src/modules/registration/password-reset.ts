import { hashPassword, sha256 } from '../../lib/crypto.js';
import { renderEmail } from '../../lib/email-templates.js';
import { AppError } from '../../lib/errors.js';
import { assertAcceptablePassword } from '../../lib/password-policy.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { EventBus } from '../../platform/events.js';
import type { Mailer } from '../../platform/mailer.js';
import type { RegistrationRepository } from '../account/index.js';
import type { AuthService } from '../auth/index.js';
import type { Services } from '../../platform/modules.js';
import type { CodeRecipient, createCodeSender } from './codes.js';
import { activateAccount } from './activation.js';

const HOUR = 60 * 60 * 1000;

type Deps = {
  repo: RegistrationRepository;
  mailer: Mailer;
  limiter: RateLimiter;
  events: Pick<EventBus, 'publish'>;
  auth: AuthService;
  passkeys: Pick<Services['passkeys'], 'removeAll'>;
  sendCode: ReturnType<typeof createCodeSender>;
};

/** Forgot → reset (PRODUCT.md section 4), and the reset link an admin sends or an invited admin gets. */
export function createPasswordReset({ repo, mailer, limiter, events, auth, passkeys, sendCode }: Deps) {
  type Recipient = CodeRecipient;
  return {
    /** Never tells whether the account exists: same answer, same status, mail sent in the background. */
    async forgotPassword(email: string, origin: RequestOrigin): Promise<void> {
      // Decided by the address's domain (and the team owner's own address), whether or not it has an account.
      await auth.refuseWithoutSso(email);
      await limiter.consume([
        { key: `forgot:${email}`, max: 5, windowMs: HOUR },
        { key: `forgot-address:${origin.address ?? ''}`, max: 20, windowMs: HOUR },
      ]);
      mailer.defer(async () => {
        const user = await repo.findUserByEmail(email);
        if (user && (user.status === 'active' || user.status === 'pending')) {
          await sendCode(user, 'reset_password', false);
          await events.publish('password.reset_requested', { userId: user.id, origin });
        }
      });
    },

    /** A reset link sent on an admin's request (admin Users), or the invitation of a new admin. */
    sendResetLink: (user: Recipient, invite = false) => sendCode(user, invite ? 'admin_invite' : 'reset_password', false),

    /**
     * Ends every session, and unless the page's boxes were unticked every access token and passkey
     * too: whoever had the account may have added one to come back (docs/security.md).
     */
    async resetPassword(
      input: { token: string; email: string; password: string; revokeApiTokens?: boolean; removePasskeys?: boolean },
      origin: RequestOrigin,
    ): Promise<void> {
      await limiter.consume([{ key: `reset-address:${origin.address ?? ''}`, max: 20, windowMs: 15 * 60 * 1000 }]);
      const found = await repo.findToken(sha256(input.token), 'reset_password');
      if (!found || found.token.usedAt || found.token.email !== input.email) throw new AppError('account.reset_invalid');
      if (found.token.expiresAt.getTime() <= Date.now()) throw new AppError('account.reset_expired');
      await auth.refuseWithoutSso(found.user.email);
      assertAcceptablePassword(input.password, input.email);
      const passwordHash = await hashPassword(input.password);
      const { user } = found;
      const spent = await repo.spendToken(found.token.id, async (tx) => {
        await repo.setPassword(tx, user.id, passwordHash);
        // Proving the address by the emailed link also verifies a pending account.
        if (user.status === 'pending') await activateAccount(tx, user);
        await events.publish('password.reset', { userId: user.id, actorId: user.id, origin }, tx);
      });
      if (!spent) throw new AppError('account.reset_invalid');
      await auth.revokeAllSessions(user.id);
      if (input.revokeApiTokens !== false) await auth.apiTokens.revokeAll(user.id);
      if (input.removePasskeys !== false) await passkeys.removeAll(user.id);
      mailer.sendInBackground({
        to: user.email,
        userId: user.id,
        kind: 'system',
        ...renderEmail(user.locale ?? 'en', 'password_changed', { name: user.name }),
      });
    },
  };
}
