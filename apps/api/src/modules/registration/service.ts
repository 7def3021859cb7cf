import type { AliasCheck, CurrentUser, Locale, RegisterBody } from '@enlaza/contracts';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { renderEmail } from '../../lib/email-templates.js';
import { localName } from '../../lib/catalogue-names.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import { assertAcceptablePassword } from '../../lib/password-policy.js';
import { isIanaTimeZone } from '../../lib/time-zone.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { EventBus } from '../../platform/events.js';
import type { AuthService } from '../auth/index.js';
import type { Services } from '../../platform/modules.js';
import { ALIAS_PATTERN } from './alias.js';
import { createPasswordReset } from './password-reset.js';
import { activateAccount } from './activation.js';
import { createSsoAccounts } from './sso-accounts.js';
import type { RegistrationRepository } from '../account/index.js';
import { createAttemptCounter, createTakenEmailNotice } from './taken-email.js';
import { createAliasNamespaces, type AliasNamespace } from './alias-namespaces.js';
import { aliasSuggestions, createCodeSender, RESET_TOKEN_TTL_MS, VERIFY_CODE_TTL_MS, type CodeRecipient } from './codes.js';

const HOUR = 60 * 60 * 1000;
export { activateAccount };

export { RESET_TOKEN_TTL_MS, VERIFY_CODE_TTL_MS };
/**
 * How long the sign-in code a verification answers can be exchanged: the page exchanges it at once,
 * so a few minutes cover a slow network, and a copy that leaks (a shared screen, a log) soon stops working.
 */
export const SIGN_IN_CODE_TTL_MS = 5 * 60 * 1000;

type Deps = {
  repo: RegistrationRepository;
  /** The password hash (lib/crypto's): a dependency so a test can count that both paths of registration pay for it. */
  hashPassword: (password: string) => Promise<string>;
  mailer: Mailer;
  limiter: RateLimiter;
  events: Pick<EventBus, 'publish'>;
  auth: AuthService;
  /** A password reset may remove every passkey (the passkeys module's). */
  passkeys: Pick<Services['passkeys'], 'removeAll'>;
  publicUrl: string;
  /** The teams' aliases, which users may not take (the `teamAliases` hook). */
  teamAliases: () => AliasNamespace;
};

const isUniqueViolation = (error: unknown): error is { constraint?: string } =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505');

type PendingAccount = Parameters<RegistrationRepository['createPendingUserUnlessTaken']>[1];

/** Register → verify, resend, forgot → reset: PRODUCT.md section 4. */
export function createRegistrationService({ repo, hashPassword, mailer, limiter, events, auth, passkeys, publicUrl, teamAliases }: Deps) {
  const aliases = createAliasNamespaces(repo, teamAliases);
  const { suggestAlias, aliasTaken } = aliasSuggestions(aliases);
  const sendCode = createCodeSender({ repo, mailer, publicUrl });
  const registrationAttempted = createTakenEmailNotice({ mailer, publicUrl });
  const countAttempt = createAttemptCounter(limiter);
  type Recipient = CodeRecipient;

  return {
    /** Whether `alias` is held outside the users' aliases (a team's, current or old). */
    aliasHeldElsewhere: (alias: string): Promise<boolean> => aliases.takenElsewhere(alias),

    async checkAlias(input: { alias?: string | undefined; name?: string | undefined }): Promise<AliasCheck> {
      const alias = (input.alias ?? '').trim().toLowerCase();
      const valid = ALIAS_PATTERN.test(alias);
      const available = valid && !(await aliases.aliasInUse(alias));
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
      // The alias is public, so it is checked first: its answer is the same whether or not the email has an account.
      if (await aliases.aliasInUse(input.alias)) throw await aliasTaken(input.alias);
      // A taken address answers after the same work as a new one, so neither the answer nor its time
      // tells who has an account: the password is hashed, the address looked up and the attempt counted,
      // then one transaction tries the same insert and queues one email (the verification, or the
      // owner's notice, which past the day's notices is queued under a key already used and goes nowhere).
      const passwordHash = await hashPassword(input.password);
      const known = await repo.findUserByEmail(input.email);
      const attempt = await countAttempt(input.email, Boolean(known));
      const values: PendingAccount = {
        name: input.name,
        alias: input.alias,
        email: input.email,
        passwordHash,
        accountTypeId: input.accountTypeId,
        locale: input.locale ?? headerLocale,
        timeZone: input.timeZone && isIanaTimeZone(input.timeZone) ? input.timeZone : null,
      };
      try {
        await repo.transaction(async (tx) => {
          const outcome = await repo.createPendingUserUnlessTaken(tx, values);
          if ('owner' in outcome) return registrationAttempted(outcome.owner, attempt, tx);
          const user = outcome.created;
          await events.publish(
            'account.registered',
            { userId: user.id, actorId: user.id, origin, after: { email: user.email, alias: user.alias } },
            tx,
          );
          await sendCode(user, 'verify_email', false, user.email, tx);
        });
      } catch (error) {
        // Two sign-ups racing for the same alias: the unique index decides.
        if (isUniqueViolation(error)) throw await aliasTaken(values.alias);
        throw error;
      }
      return { email: input.email };
    },

    /** An account made by a team's single sign-on at a person's first sign-in (sso-accounts.ts). */
    createVerifiedAccount: createSsoAccounts({ repo, hashPassword, events, suggestAlias }),

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
        const spent = await repo.spendToken(token.id, async (tx) => {
          await repo.setEmail(tx, user.id, token.email);
          await events.publish(
            'email.changed',
            { userId: user.id, actorId: user.id, origin, before: { email: user.email }, after: { email: token.email } },
            tx,
          );
        });
        if (!spent) throw new AppError('account.code_invalid');
        auth.forgetUser(user.id);
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
      // single use, short-lived, only its hash kept. Only when this link is what activates the
      // account: an account active already (its password reset, an admin's verification) may have
      // a second factor since, which an old link must not step round; it signs in with the form.
      const signInCode = user.status === 'pending' ? randomToken() : undefined;
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
        await events.publish('account.verified', { userId: user.id, actorId: user.id, origin }, tx);
      });
      if (!spent) throw new AppError('account.code_invalid');
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
      return auth.signInWithoutPassword(found.user, origin);
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

    ...createPasswordReset({ repo, mailer, limiter, events, auth, passkeys, sendCode }),
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
