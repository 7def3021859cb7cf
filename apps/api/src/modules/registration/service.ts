import type { AliasCheck, CurrentUser, Locale, RegisterBody } from '@enlaza/contracts';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto.js';
import { renderEmail } from '../../lib/email-templates.js';
import { localName } from '../../lib/catalogue-names.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import { assertAcceptablePassword } from '../../lib/password-policy.js';
import { isIanaTimeZone } from '../../lib/time-zone.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { ActivityService, RequestOrigin } from '../activity/index.js';
import type { AuthService } from '../auth/index.js';
import { ALIAS_PATTERN, aliasFromName, firstFreeAlias } from './alias.js';
import type { Database, Transaction } from '../../db/client.js';
import { claimPendingAccount, setMainProfile, type RegistrationRepository } from '../account/index.js';
import { createMainCard } from '../profiles/index.js';
import { startFreeSubscription } from '../subscriptions/index.js';
import { startOnboarding } from '../onboarding/index.js';

const HOUR = 60 * 60 * 1000;
/**
 * Makes a verified account usable: active status, its first profile (its id becomes `perfil_id`),
 * the Free subscription and the guided start's checklist. One transaction; used by verification,
 * an admin's "verify" and the seed.
 */
export async function activateAccount(tx: Database | Transaction, user: { id: string; name: string }, now = new Date()): Promise<void> {
  if (!(await claimPendingAccount(tx, user.id, now))) return;
  await setMainProfile(tx, user.id, await createMainCard(tx, user));
  await startFreeSubscription(tx, user.id, now);
  await startOnboarding(tx, user.id, now);
}

export const VERIFY_CODE_TTL_MS = 24 * HOUR;
export const RESET_TOKEN_TTL_MS = HOUR;
/**
 * How long the sign-in code a verification answers can be exchanged: the page exchanges it at once,
 * so a few minutes cover a slow network, and a copy that leaks (a shared screen, a log) soon stops working.
 */
export const SIGN_IN_CODE_TTL_MS = 5 * 60 * 1000;

type Deps = {
  repo: RegistrationRepository;
  mailer: Mailer;
  limiter: RateLimiter;
  activity: ActivityService;
  auth: AuthService;
  publicUrl: string;
};

const isUniqueViolation = (error: unknown): error is { constraint?: string } =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');

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

  type Recipient = { id: string; name: string; email: string; locale: Locale | null };

  /**
   * Issues a single-use code and emails its link. Verification and email-change codes both open
   * /register/verify/{code}; reset codes open /reset-password/{token}/{email}.
   */
  async function sendCode(
    user: Recipient,
    purpose: 'verify_email' | 'reset_password' | 'change_email' | 'admin_invite',
    background: boolean,
    to = user.email,
  ) {
    const code = randomToken();
    const tokenPurpose = purpose === 'admin_invite' ? 'reset_password' : purpose;
    const ttl = tokenPurpose === 'reset_password' ? RESET_TOKEN_TTL_MS : VERIFY_CODE_TTL_MS;
    const link =
      tokenPurpose === 'reset_password'
        ? `${publicUrl}/reset-password/${code}/${encodeURIComponent(to)}`
        : `${publicUrl}/register/verify/${code}`;
    const email = {
      to,
      userId: user.id,
      kind: 'system' as const,
      ...renderEmail(user.locale ?? 'en', purpose, { name: user.name, link, email: to }),
    };
    // The code and the email carrying it are one transaction: never a code without its email, nor the reverse.
    const write = () =>
      repo.replaceToken(
        { userId: user.id, purpose: tokenPurpose, tokenHash: sha256(code), email: to, expiresAt: new Date(Date.now() + ttl) },
        (tx) => mailer.send(email, { tx }),
      );
    if (background) mailer.defer(write);
    else await write();
  }

  return {
    async checkAlias(input: { alias?: string | undefined; name?: string | undefined }): Promise<AliasCheck> {
      const alias = (input.alias ?? '').trim().toLowerCase();
      const valid = ALIAS_PATTERN.test(alias);
      const available = valid && !(await repo.aliasInUse(alias));
      const suggestion = available ? alias : await suggestAlias(valid ? alias : input.name?.trim() || alias || 'user');
      return { alias, valid, available, suggestion };
    },

    /** Active account types, named in the visitor's language and sorted by that name. */
    accountTypes: async (locale: Locale = 'en') =>
      (await repo.activeAccountTypes())
        .map((type) => ({ id: type.id, code: type.code, name: localName(type, locale), requiresTaxId: type.requiresTaxId }))
        .sort((a, b) => a.name.localeCompare(b.name, locale === 'jp' ? 'ja' : locale)),

    /**
     * `headerLocale`: the browser's language from Accept-Language when it is one of ours. The account
     * keeps the language the form sends (the one chosen on the page, else the browser's), else that
     * one, else none (the app then follows the browser); and the browser's time zone when it is a known one.
     */
    async register(input: RegisterBody, headerLocale: Locale | null, origin: RequestOrigin): Promise<{ email: string }> {
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
          name: input.name,
          alias: input.alias,
          email: input.email,
          passwordHash: await hashPassword(input.password),
          accountTypeId: input.accountTypeId,
          locale: input.locale ?? headerLocale,
          timeZone: input.timeZone && isIanaTimeZone(input.timeZone) ? input.timeZone : null,
        });
      } catch (error) {
        // Two sign-ups racing for the same email or alias: the unique index decides.
        if (!isUniqueViolation(error)) throw error;
        throw (await repo.findUserByEmail(input.email)) ? emailTaken() : await aliasTaken(input.alias);
      }
      await activity.record({
        action: 'account.registered',
        userId: user.id,
        actorId: user.id,
        origin,
        after: { email: user.email, alias: user.alias },
      });
      await sendCode(user, 'verify_email', false);
      return { email: user.email };
    },

    /** Opens a verification code: activates a new account, or confirms a new email address. */
    async verify(code: string, origin: RequestOrigin): Promise<{ email: string; kind: 'account' | 'email_change' }> {
      const hash = sha256(code);
      const found = (await repo.findToken(hash, 'verify_email')) ?? (await repo.findToken(hash, 'change_email'));
      if (!found || found.token.usedAt) throw new AppError('account.code_invalid');
      if (found.token.expiresAt.getTime() <= Date.now()) throw new AppError('account.code_expired');
      const { user, token } = found;

      if (token.purpose === 'change_email') {
        if (await repo.findUserByEmail(token.email))
          throw new AppError('account.email_taken', {}, { email: [{ code: 'validation.email_taken' }] });
        const spent = await repo.spendToken(token.id, (tx) => repo.setEmail(tx, user.id, token.email));
        if (!spent) throw new AppError('account.code_invalid');
        auth.forgetUser(user.id);
        await activity.record({
          action: 'email.changed',
          userId: user.id,
          actorId: user.id,
          origin,
          before: { email: user.email },
          after: { email: token.email },
        });
        // The old address learns of the change, in case it was not its owner's doing.
        mailer.sendInBackground({
          to: user.email,
          userId: user.id,
          kind: 'system',
          ...renderEmail(user.locale ?? 'en', 'email_changed', { name: user.name, email: token.email }),
        });
        return { email: token.email, kind: 'email_change' };
      }

      // The page that opened the link signs in with a code of its own, issued with the activation:
      // single use, short-lived, only its hash kept. A suspended account gets none.
      const signInCode = user.status === 'pending' || user.status === 'active' ? randomToken() : undefined;
      const spent = await repo.spendToken(token.id, async (tx) => {
        if (user.status === 'pending') await activateAccount(tx, user);
        if (signInCode)
          await repo.issueToken(tx, {
            userId: user.id,
            purpose: 'sign_in',
            tokenHash: sha256(signInCode),
            email: user.email,
            expiresAt: new Date(Date.now() + SIGN_IN_CODE_TTL_MS),
          });
      });
      if (!spent) throw new AppError('account.code_invalid');
      await activity.record({ action: 'account.verified', userId: user.id, actorId: user.id, origin });
      return { email: user.email, kind: 'account', ...(signInCode ? { signInCode } : {}) };
    },

    /**
     * Exchanges the sign-in code of a verification, once, for a session: the same session and answer
     * as `POST /api/login`. A used, unknown or expired code is refused; the page then offers the sign-in form.
     */
    async signInWithCode(code: string, origin: RequestOrigin): Promise<{ token: string; user: CurrentUser }> {
      await limiter.consume([{ key: `sign-in-code-address:${origin.address ?? ''}`, max: 30, windowMs: 15 * 60 * 1000 }]);
      const found = await repo.findToken(sha256(code), 'sign_in');
      if (!found || found.token.usedAt) throw new AppError('auth.sign_in_code_invalid');
      if (found.token.expiresAt.getTime() <= Date.now()) throw new AppError('auth.sign_in_code_expired');
      // Spent first: of two exchanges racing, one gets the session.
      if (!(await repo.spendToken(found.token.id, async () => undefined))) {
        throw new AppError(found.token.expiresAt.getTime() <= Date.now() ? 'auth.sign_in_code_expired' : 'auth.sign_in_code_invalid');
      }
      return auth.signInVerified(found.user, origin);
    },

    /** An admin verifies an account by hand: it becomes usable as if the link had been opened. */
    async verifyByHand(user: { id: string; name: string; status: string }): Promise<boolean> {
      if (user.status !== 'pending') return false;
      await repo.transaction((tx) => activateAccount(tx, user));
      auth.forgetUser(user.id);
      return true;
    },

    /** `deliver` false: the code is issued (so the pending change shows) but no email leaves. */
    async sendEmailChangeCode(user: Recipient, newEmail: string, deliver = true): Promise<void> {
      if (deliver) await sendCode(user, 'change_email', false, newEmail);
      else
        await repo.replaceToken({
          userId: user.id,
          purpose: 'change_email',
          tokenHash: sha256(randomToken()),
          email: newEmail,
          expiresAt: new Date(Date.now() + VERIFY_CODE_TTL_MS),
        });
    },

    /** Always the same answer; a new code goes out only to an account still waiting for verification. */
    async resend(email: string, origin: RequestOrigin): Promise<void> {
      await limiter.consume([
        { key: `resend:${email}`, max: 3, windowMs: HOUR },
        { key: `resend-address:${origin.address ?? ''}`, max: 10, windowMs: HOUR },
      ]);
      // Everything after the limit runs in the background: the answer takes as long whether or not the account exists.
      mailer.defer(async () => {
        const user = await repo.findUserByEmail(email);
        if (user?.status === 'pending') await sendCode(user, 'verify_email', false);
      });
    },

    /** Never tells whether the account exists: same answer, same status, mail sent in the background. */
    async forgotPassword(email: string, origin: RequestOrigin): Promise<void> {
      await limiter.consume([
        { key: `forgot:${email}`, max: 5, windowMs: HOUR },
        { key: `forgot-address:${origin.address ?? ''}`, max: 20, windowMs: HOUR },
      ]);
      mailer.defer(async () => {
        const user = await repo.findUserByEmail(email);
        if (user && (user.status === 'active' || user.status === 'pending')) {
          await sendCode(user, 'reset_password', false);
          await activity.record({ action: 'password.reset_requested', userId: user.id, origin });
        }
      });
    },

    /** A reset link sent on an admin's request (admin Users), or the invitation of a new admin. */
    sendResetLink: (user: Recipient, invite = false) => sendCode(user, invite ? 'admin_invite' : 'reset_password', false),

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
      mailer.sendInBackground({
        to: user.email,
        userId: user.id,
        kind: 'system',
        ...renderEmail(user.locale ?? 'en', 'password_changed', { name: user.name }),
      });
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
