import type { AliasCheck, Locale, RegisterBody } from '@enlaza/contracts';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto.js';
import { renderEmail } from '../../lib/email-templates.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { assertAcceptablePassword } from '../../lib/password-policy.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ActivityService, RequestOrigin } from '../activity/service.js';
import type { AuthService } from '../auth/service.js';
import { ALIAS_PATTERN, aliasFromName, firstFreeAlias } from './alias.js';
import { activateAccount, type RegistrationRepository } from './repository.js';

const HOUR = 60 * 60 * 1000;
export const VERIFY_CODE_TTL_MS = 24 * HOUR;
export const RESET_TOKEN_TTL_MS = HOUR;

type Deps = { repo: RegistrationRepository; mailer: Mailer; limiter: RateLimiter; activity: ActivityService; auth: AuthService; publicUrl: string };

const isUniqueViolation = (error: unknown): error is { constraint?: string } =>
  typeof error === 'object' && error !== null && ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');

/** Register → verify, resend, forgot → reset: PRODUCT.md section 4. */
export function createRegistrationService({ repo, mailer, limiter, activity, auth, publicUrl }: Deps) {
  async function suggestAlias(from: string): Promise<string> {
    const base = ALIAS_PATTERN.test(from) ? from : aliasFromName(from);
    return firstFreeAlias(base, await repo.aliasesStartingWith(base.slice(0, 25)));
  }

  async function aliasTaken(alias: string): Promise<AppError> {
    const suggestion = await suggestAlias(alias);
    return new AppError('account.alias_taken', { suggestion }, { alias: [{ code: 'validation.alias_taken', params: { suggestion } }] });
  }

  const emailTaken = () => new AppError('account.email_taken', {}, { email: [{ code: 'validation.email_taken' }] });

  async function sendCode(user: { id: string; name: string; email: string; locale: Locale | null }, purpose: 'verify_email' | 'reset_password', background: boolean) {
    const code = randomToken();
    const ttl = purpose === 'verify_email' ? VERIFY_CODE_TTL_MS : RESET_TOKEN_TTL_MS;
    await repo.replaceToken({ userId: user.id, purpose, tokenHash: sha256(code), email: user.email, expiresAt: new Date(Date.now() + ttl) });
    const link = purpose === 'verify_email' ? `${publicUrl}/register/verify/${code}` : `${publicUrl}/reset-password/${code}/${encodeURIComponent(user.email)}`;
    const email = { to: user.email, userId: user.id, kind: 'system' as const, ...renderEmail(user.locale ?? 'en', purpose, { name: user.name, link }) };
    if (background) mailer.sendInBackground(email);
    else await mailer.send(email);
  }

  return {
    async checkAlias(input: { alias?: string | undefined; name?: string | undefined }): Promise<AliasCheck> {
      const alias = (input.alias ?? '').trim().toLowerCase();
      const valid = ALIAS_PATTERN.test(alias);
      const available = valid && !(await repo.aliasInUse(alias));
      const suggestion = available ? alias : await suggestAlias(valid ? alias : input.name?.trim() || alias || 'user');
      return { alias, valid, available, suggestion };
    },

    accountTypes: async () => (await repo.activeAccountTypes()).map(({ id, code, name, requiresTaxId }) => ({ id, code, name, requiresTaxId })),

    async register(input: RegisterBody, locale: Locale, origin: RequestOrigin): Promise<{ email: string }> {
      await limiter.consume([{ key: `register:${origin.address ?? ''}`, max: 10, windowMs: HOUR }]);
      assertAcceptablePassword(input.password, input.email);
      if (!(await repo.activeAccountType(input.accountTypeId))) {
        throw new AppError('account.type_invalid', {}, { accountTypeId: [{ code: 'validation.invalid_value' }] });
      }
      if (await repo.findUserByEmail(input.email)) throw emailTaken();
      if (await repo.aliasInUse(input.alias)) throw await aliasTaken(input.alias);

      let user;
      try {
        user = await repo.createPendingUser({
          name: input.name, alias: input.alias, email: input.email, passwordHash: await hashPassword(input.password), accountTypeId: input.accountTypeId, locale: input.locale ?? locale,
        });
      } catch (error) {
        // Two sign-ups racing for the same email or alias: the unique index decides.
        if (!isUniqueViolation(error)) throw error;
        throw (await repo.findUserByEmail(input.email)) ? emailTaken() : await aliasTaken(input.alias);
      }
      await activity.record({ action: 'account.registered', userId: user.id, actorId: user.id, origin, after: { email: user.email, alias: user.alias } });
      await sendCode(user, 'verify_email', false);
      return { email: user.email };
    },

    async verify(code: string, origin: RequestOrigin): Promise<{ email: string }> {
      const found = await repo.findToken(sha256(code), 'verify_email');
      if (!found || found.token.usedAt) throw new AppError('account.code_invalid');
      if (found.token.expiresAt.getTime() <= Date.now()) throw new AppError('account.code_expired');
      const { user } = found;
      const spent = await repo.spendToken(found.token.id, async (tx) => {
        if (user.status === 'pending') await activateAccount(tx, user);
      });
      if (!spent) throw new AppError('account.code_invalid');
      await activity.record({ action: 'account.verified', userId: user.id, actorId: user.id, origin });
      return { email: user.email };
    },

    /** Always the same answer; a new code goes out only to an account still waiting for verification. */
    async resend(email: string, origin: RequestOrigin): Promise<void> {
      await limiter.consume([
        { key: `resend:${email}`, max: 3, windowMs: HOUR },
        { key: `resend-address:${origin.address ?? ''}`, max: 10, windowMs: HOUR },
      ]);
      const user = await repo.findUserByEmail(email);
      if (user?.status === 'pending') await sendCode(user, 'verify_email', true);
    },

    /** Never tells whether the account exists: same answer, same status, mail sent in the background. */
    async forgotPassword(email: string, origin: RequestOrigin): Promise<void> {
      await limiter.consume([
        { key: `forgot:${email}`, max: 5, windowMs: HOUR },
        { key: `forgot-address:${origin.address ?? ''}`, max: 20, windowMs: HOUR },
      ]);
      const user = await repo.findUserByEmail(email);
      if (user && (user.status === 'active' || user.status === 'pending')) {
        await sendCode(user, 'reset_password', true);
        await activity.record({ action: 'password.reset_requested', userId: user.id, origin });
      }
    },

    /** Sends a reset link on an admin's request (admin Users) or to a new admin (invite). */
    sendResetLink: (user: { id: string; name: string; email: string; locale: Locale | null }) => sendCode(user, 'reset_password', false),

    async resetPassword(input: { token: string; email: string; password: string }, origin: RequestOrigin): Promise<void> {
      await limiter.consume([{ key: `reset-address:${origin.address ?? ''}`, max: 20, windowMs: 15 * 60 * 1000 }]);
      const found = await repo.findToken(sha256(input.token), 'reset_password');
      if (!found || found.token.usedAt || found.token.email !== input.email) throw new AppError('account.reset_invalid');
      if (found.token.expiresAt.getTime() <= Date.now()) throw new AppError('account.reset_expired');
      assertAcceptablePassword(input.password, input.email);
      const passwordHash = await hashPassword(input.password);
      const { user } = found;
      const spent = await repo.spendToken(found.token.id, async (tx) => {
        await repo.setPassword(tx, user.id, passwordHash);
        // Proving the address by the emailed link also verifies a pending account.
        if (user.status === 'pending') await activateAccount(tx, user);
      });
      if (!spent) throw new AppError('account.reset_invalid');
      await auth.revokeAllSessions(user.id);
      await activity.record({ action: 'password.reset', userId: user.id, actorId: user.id, origin });
      mailer.sendInBackground({ to: user.email, userId: user.id, kind: 'system', ...renderEmail(user.locale ?? 'en', 'password_changed', { name: user.name }) });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
