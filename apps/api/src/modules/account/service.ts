import {
  taxIdAcceptable,
  type BillingDetails,
  type BillingDetailsUpdate,
  type Locale,
  type PersonalInfo,
  type PersonalInfoUpdate,
  type Preferences,
} from '@enlaza/contracts';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { renderEmail } from '../../lib/email-templates.js';
import { localName } from '../../lib/catalogue-names.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import { assertAcceptablePassword } from '../../lib/password-policy.js';
import { isIanaTimeZone } from '../../lib/time-zone.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/actor.js';
import type { UserRow } from './schema.js';
import type { AuthService } from '../auth/index.js';
import type { RegistrationService } from '../registration/index.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { AccountDirectory } from './directory.js';
import type { AccountRepository } from './repository.js';
import { missingBillingDetails } from './billing-details.js';
import { vatRegistration, type VatRegistry } from './vat-registry.js';

const fieldError = (field: string, code: string) => new AppError('validation.failed', {}, { [field]: [{ code }] });

/** Only the fields that changed, before and after, for the history. */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])),
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])),
    changed: keys.length > 0,
  };
}

type Deps = {
  /** VIES lookups (none when VIES_CHECK is off), the seller's member state, and where to log an unanswered lookup. */
  vat: { registry: VatRegistry | null; sellerCountry: string; log?: { warn: (fields: object, message: string) => void } };
  repo: AccountRepository;
  accounts: Pick<AccountDirectory, 'row'>;
  events: Pick<EventBus, 'publish'>;
  mailer: Mailer;
  registration: RegistrationService;
  auth: AuthService;
  limiter: RateLimiter;
};

/** The account section: Preferencias and Personal information, email and password changes. */
export function createAccountService({ vat, repo, accounts, events, mailer, registration, auth, limiter }: Deps) {
  /** A stolen session must not allow unlimited password guesses: 10 per 15 minutes per account. */
  async function assertPassword(user: UserRow, password: string, field: string) {
    await limiter.consume([{ key: `password-check:${user.id}`, max: 10, windowMs: 15 * 60_000 }]);
    if (!(await verifyPassword(user.passwordHash, password))) throw fieldError(field, 'validation.wrong_password');
  }

  /** The answer of Personal information for a users row. */
  async function personalInfoOf(user: UserRow, locale: Locale): Promise<PersonalInfo> {
    const [type, pendingEmail] = await Promise.all([repo.accountType(user.accountTypeId), repo.pendingEmail(user.id)]);
    return {
      name: user.name,
      email: user.email,
      pendingEmail,
      phone: user.phone,
      country: user.country,
      billingAddress: user.billingAddress ?? null,
      taxId: user.taxId,
      accountType: type ? { id: type.id, name: localName(type, locale), requiresTaxId: type.requiresTaxId } : null,
    };
  }

  type Details = Pick<UserRow, 'name' | 'phone' | 'country' | 'billingAddress' | 'taxId'>;

  /** Saves name, phone, country, address and tax id after the checks the account type and the VAT rules ask for. */
  async function saveDetails(user: UserRow, next: Details, origin: RequestOrigin): Promise<UserRow> {
    const type = await repo.accountType(user.accountTypeId);
    if (type?.requiresTaxId && !next.taxId) throw fieldError('taxId', 'validation.tax_id_required');
    // In the EU the id must be a valid VAT number (NIF/NIE/CIF in Spain) of the billing country: it decides the VAT rule and is printed.
    if (!taxIdAcceptable(next.billingAddress?.country ?? next.country, next.taxId)) throw fieldError('taxId', 'validation.tax_id_invalid');
    if (next.taxId !== user.taxId || (next.billingAddress?.country ?? next.country) !== (user.billingAddress?.country ?? user.country)) {
      const registration = await vatRegistration(vat.registry, vat.sellerCountry, next.billingAddress?.country ?? next.country, next.taxId);
      if (registration === 'not_registered') throw fieldError('taxId', 'validation.tax_id_not_registered');
      if (registration === 'unavailable')
        vat.log?.warn({ userId: user.id }, 'VIES did not answer: the VAT number is kept as its format is valid');
    }
    const diff = changes(user, next);
    const updated = await repo.transaction(async (tx) => {
      if (diff.changed)
        await events.publish('account.updated', { userId: user.id, actorId: user.id, origin, before: diff.before, after: diff.after }, tx);
      return repo.update(user.id, next, tx);
    });
    auth.forgetUser(user.id);
    return updated;
  }

  async function billingDetailsOf(user: UserRow): Promise<BillingDetails> {
    const type = await repo.accountType(user.accountTypeId);
    const requiresTaxId = type?.requiresTaxId === true;
    return {
      taxId: user.taxId,
      billingAddress: user.billingAddress ?? null,
      country: user.country,
      requiresTaxId,
      missing: missingBillingDetails({ requiresTaxId, taxId: user.taxId, billingAddress: user.billingAddress ?? null }),
    };
  }

  const preferencesOf = (user: UserRow, unsavedLocale: Locale): Preferences => ({
    locale: user.locale ?? unsavedLocale,
    timeZone: user.timeZone ?? 'UTC',
    theme: user.theme,
  });

  return {
    /** The account type's name is in `locale` (the viewer's language). */
    personalInfo: async (actor: Actor, locale: Locale = actor.locale): Promise<PersonalInfo> =>
      personalInfoOf(await accounts.row(actor.id), locale),

    async updatePersonalInfo(actor: Actor, input: PersonalInfoUpdate, origin: RequestOrigin): Promise<PersonalInfo> {
      const user = await accounts.row(actor.id);
      const updated = await saveDetails(
        user,
        {
          name: input.name,
          phone: input.phone,
          country: input.country,
          billingAddress: input.billingAddress === undefined ? (user.billingAddress ?? null) : input.billingAddress,
          taxId: input.taxId === undefined ? user.taxId : input.taxId || null,
        },
        origin,
      );
      return personalInfoOf(updated, updated.locale ?? 'en');
    },

    /** What a purchase's invoice names the buyer by, and what this account type still lacks of it. */
    async billingDetails(actor: Actor): Promise<BillingDetails> {
      return billingDetailsOf(await accounts.row(actor.id));
    },

    /** The pay dialog's billing details: the tax id and address, checked as in Personal information. */
    async updateBillingDetails(actor: Actor, input: BillingDetailsUpdate, origin: RequestOrigin): Promise<BillingDetails> {
      const user = await accounts.row(actor.id);
      const updated = await saveDetails(
        user,
        { name: user.name, phone: user.phone, country: user.country ?? input.billingAddress.country, ...input },
        origin,
      );
      return billingDetailsOf(updated);
    },

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
