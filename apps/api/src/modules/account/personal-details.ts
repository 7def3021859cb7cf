import {
  taxIdAcceptable,
  type BillingDetails,
  type BillingDetailsUpdate,
  type Locale,
  type PersonalInfo,
  type PersonalInfoUpdate,
} from '@enlaza/contracts';
import { localName } from '../../lib/catalogue-names.js';
import type { RequestOrigin } from '../../lib/request-context.js';
import type { Actor } from '../../platform/actor.js';
import type { EventBus } from '../../platform/events.js';
import type { AuthService } from '../auth/index.js';
import { missingBillingDetails } from './billing-details.js';
import type { AccountDirectory } from './directory.js';
import { changes, fieldError } from './field-changes.js';
import type { AccountRepository } from './repository.js';
import type { UserRow } from './schema.js';
import { vatRegistration, type VatRegistry } from './vat-registry.js';

export type PersonalDetailsDeps = {
  /** VIES lookups (none when VIES_CHECK is off), the seller's member state, and where to log an unanswered lookup. */
  vat: { registry: VatRegistry | null; sellerCountry: string; log?: { warn: (fields: object, message: string) => void } };
  repo: AccountRepository;
  accounts: Pick<AccountDirectory, 'row'>;
  events: Pick<EventBus, 'publish'>;
  auth: Pick<AuthService, 'forgetUser'>;
};

/**
 * Personal information and the billing details a purchase asks for: one save, checked as the account
 * type and the VAT rules ask (a tax id where the type needs one, a valid and registered VAT number in
 * the EU), recorded in the history when something changed.
 */
export function createPersonalDetails({ vat, repo, accounts, events, auth }: PersonalDetailsDeps) {
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
      taxIdRegistration: user.taxIdRegistration ?? null,
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
    // What VIES says is kept with the number (the customer sees it); an unchanged number keeps its state,
    // except one VIES did not answer for, which is asked again at each save until it answers.
    let taxIdRegistration = user.taxIdRegistration;
    const moved =
      next.taxId !== user.taxId || (next.billingAddress?.country ?? next.country) !== (user.billingAddress?.country ?? user.country);
    if (moved || taxIdRegistration === 'unavailable') {
      const registration = await vatRegistration(vat.registry, vat.sellerCountry, next.billingAddress?.country ?? next.country, next.taxId);
      if (registration === 'not_registered') throw fieldError('taxId', 'validation.tax_id_not_registered');
      if (registration === 'unavailable')
        vat.log?.warn({ userId: user.id }, 'VIES did not answer: the VAT number is kept as its format is valid');
      taxIdRegistration = registration;
    }
    const diff = changes(user, next);
    const updated = await repo.transaction(async (tx) => {
      if (diff.changed)
        await events.publish('account.updated', { userId: user.id, actorId: user.id, origin, before: diff.before, after: diff.after }, tx);
      return repo.update(user.id, { ...next, taxIdRegistration }, tx);
    });
    auth.forgetUser(user.id);
    return updated;
  }

  async function billingDetailsOf(user: UserRow): Promise<BillingDetails> {
    const type = await repo.accountType(user.accountTypeId);
    const requiresTaxId = type?.requiresTaxId === true;
    return {
      taxId: user.taxId,
      taxIdRegistration: user.taxIdRegistration ?? null,
      billingAddress: user.billingAddress ?? null,
      country: user.country,
      requiresTaxId,
      missing: missingBillingDetails({ requiresTaxId, taxId: user.taxId, billingAddress: user.billingAddress ?? null }),
    };
  }

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
  };
}
