import type { Locale, Preferences } from '@enlaza/contracts';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { renderEmail } from '../../lib/email-templates.js';
import type { Mailer } from '../../platform/mailer.js';
import { assertAcceptablePassword } from '../../lib/password-policy.js';
import { isIanaTimeZone } from '../../lib/time-zone.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { Actor } from '../../platform/actor.js';
import type { UserRow } from './schema.js';
import type { AuthService } from '../auth/index.js';
import type { RegistrationService } from '../registration/index.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { changes, fieldError } from './field-changes.js';
import { createPersonalDetails, type PersonalDetailsDeps } from './personal-details.js';

type Deps = PersonalDetailsDeps & {
  mailer: Mailer;
  registration: RegistrationService;
  auth: AuthService;
  limiter: RateLimiter;
};

/** The account section: Personal information (personal-details.ts), Preferencias, email and password changes. */
export function createAccountService({ vat, repo, accounts, events, mailer, registration, auth, limiter }: Deps) {
  const details = createPersonalDetails({ vat, repo, accounts, events, auth });

  /** A stolen session must not allow unlimited password guesses: 10 per 15 minutes per account. */
  async function assertPassword(user: UserRow, password: string, field: string) {
    await limiter.consume([{ key: `password-check:${user.id}`, max: 10, windowMs: 15 * 60_000 }]);
    if (!(await verifyPassword(user.passwordHash, password))) throw fieldError(field, 'validation.wrong_password');
  }

  const preferencesOf = (user: UserRow, unsavedLocale: Locale): Preferences => ({
    locale: user.locale ?? unsavedLocale,
    timeZone: user.timeZone ?? 'UTC',
    theme: user.theme,
  });

  return {
    ...details,

    /**
     * A language never saved answers `unsavedLocale` (the request's language, i.e. what the client
     * already shows), so a client applying the answer keeps the browser's language (PRODUCT.md §3).
     */
    preferences: async (actor: Actor, unsavedLocale: Locale = actor.locale): Promise<Preferences> =>
      preferencesOf(await accounts.row(actor.id), unsavedLocale),

    async updatePreferences(actor: Actor, input: Preferences, origin: RequestOrigin): Promise<Preferences> {
      const user = await accounts.row(actor.id);
      if (!isIanaTimeZone(input.timeZone)) throw fieldError('timeZone', 'validation.invalid_value');
      const diff = changes({ locale: user.locale, timeZone: user.timeZone, theme: user.theme }, input);
      const updated = await repo.transaction(async (tx) => {
        if (diff.changed)
          await events.publish(
            'preferences.updated',
            { userId: user.id, actorId: user.id, origin, before: diff.before, after: diff.after },
            tx,
          );
        return repo.update(user.id, input, tx);
      });
      auth.forgetUser(user.id);
      return preferencesOf(updated, actor.locale);
    },

    /** Sends a confirmation link to the new address; the change happens when it is opened. */
    async requestEmailChange(
      actor: Actor,
      input: { newEmail: string; password: string },
      origin: RequestOrigin,
    ): Promise<{ pendingEmail: string }> {
      const user = await accounts.row(actor.id);
      await assertPassword(user, input.password, 'password');
      if (input.newEmail === user.email) throw fieldError('newEmail', 'validation.same_email');
      await limiter.consume([{ key: `email-change:${user.id}`, max: 5, windowMs: 60 * 60_000 }]);
      // Same answer whether or not the address belongs to someone: no link goes to a taken address
      // (its confirmation would fail anyway), so nobody can probe which emails have accounts.
      await registration.sendEmailChangeCode(user, input.newEmail, !(await repo.emailInUse(input.newEmail)));
      await events.publish('email.change_requested', { userId: user.id, actorId: user.id, origin, after: { email: input.newEmail } });
      return { pendingEmail: input.newEmail };
    },

    /** Changes the password and ends every other session of the user. */
    async changePassword(
      actor: Actor,
      sessionId: string,
      input: { currentPassword: string; newPassword: string },
      origin: RequestOrigin,
    ): Promise<void> {
      const user = await accounts.row(actor.id);
      await assertPassword(user, input.currentPassword, 'currentPassword');
      assertAcceptablePassword(input.newPassword, user.email, 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      // The new password, the other sessions ended, the reset links cancelled and the history's event: one commit.
      await repo.transaction(async (tx) => {
        await repo.update(user.id, { passwordHash }, tx);
        await repo.revokeOtherSessions(user.id, sessionId, tx);
        await repo.cancelResetLinks(user.id, tx);
        await events.publish('password.changed', { userId: user.id, actorId: user.id, origin }, tx);
      });
      auth.forgetUser(user.id);
      mailer.sendInBackground({
        to: user.email,
        userId: user.id,
        kind: 'system',
        ...renderEmail(user.locale ?? 'en', 'password_changed', { name: user.name }),
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
