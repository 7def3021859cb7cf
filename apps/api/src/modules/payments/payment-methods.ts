import type { MethodKindName, MethodSetup, PaymentMethod, SaveMethodInput } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/i18n.js';
import type { Actor } from '../../platform/actor.js';
import type { SavedMethod } from './providers/types.js';
import { toMethod, type PaymentsContext } from './service-context.js';

/** What the server knows of the browser that accepted a SEPA mandate (Stripe's `mandate_data.customer_acceptance.online`). */
export type MandateAcceptance = { ip: string; userAgent: string };

/**
 * The customer's saved methods (cards and SEPA accounts). A method is saved in two steps, and its
 * number never reaches this server: `startSetup` opens a setup at the provider, the provider's own
 * component in the browser completes it, and `saveMethod` reads the completed setup and keeps the
 * provider's reference and what may be shown. `defaultMethodChanged` runs after the default method
 * changed, so that renewals retry a past-due subscription.
 */
export function createPaymentMethods(
  { repo, provider, requireCustomer, requireMethod, providerCustomer, creditorName, publishableKey, clock }: PaymentsContext,
  defaultMethodChanged: (userId: string) => Promise<void>,
) {
  /** The SEPA Core mandate's text in the customer's language, naming the seller as the creditor. */
  const mandateText = (locale: Actor['locale']) => translate(locale, 'payment.sepa_mandate', { creditor: creditorName });

  return {
    async listMethods(actor: Actor): Promise<PaymentMethod[]> {
      await requireCustomer(actor);
      return (await repo.listMethods(actor.id)).map(toMethod);
    },

    /** Opens a setup at the provider for the browser's component; a SEPA one comes with the mandate to accept. */
    async startSetup(actor: Actor, kind: MethodKindName): Promise<MethodSetup> {
      await requireCustomer(actor);
      if (!provider.methodKinds.includes(kind)) throw new AppError('payment.method_kind_mismatch');
      const setup = await provider.startSetup(await providerCustomer(actor.id), kind);
      await repo.recordSetup({ setupId: setup.setupId, userId: actor.id, provider: provider.name, kind });
      return {
        setupId: setup.setupId,
        clientSecret: setup.clientSecret,
        provider: provider.name,
        publishableKey,
        testMode: provider.testMode,
        kind,
        mandateText: kind === 'sepa_debit' ? mandateText(actor.locale) : null,
      };
    },

    /**
     * Saves the method of a setup the browser completed. The setup must be this customer's (another's
     * is as unknown as a missing one: 404) and succeeded (else the provider's reason, 422 / 402); a
     * SEPA account needs the mandate accepted, kept with the browser that accepted it.
     */
    async saveMethod(actor: Actor, input: SaveMethodInput, acceptance: MandateAcceptance): Promise<PaymentMethod> {
      await requireCustomer(actor);
      const started = await repo.setup(input.setupId);
      if (started?.userId !== actor.id || started.provider !== provider.name) throw new AppError('record.not_found');
      const outcome = await provider.finishSetup(input.setupId);
      if (outcome.status === 'failed') {
        const reason = `payment.${outcome.reason}` as const;
        throw new AppError(
          'payment.setup_declined',
          { reason: translate(actor.locale, reason) },
          { setupId: [{ code: reason }] },
          undefined,
          { reason },
        );
      }
      if (outcome.status !== 'succeeded') throw new AppError('payment.setup_incomplete');
      const saved = outcome.method;
      const sepa = saved.kind === 'sepa_debit';
      if (sepa && input.mandateAccepted !== true)
        throw new AppError('payment.mandate_required', {}, { mandateAccepted: [{ code: 'payment.mandate_required' }] });
      const row = await repo.transaction(async (tx) => {
        // The same setup saved twice (a double click) is one method.
        const again = await repo.methodByRef(actor.id, saved.ref, tx);
        if (again) return again;
        const existing = await repo.defaultMethod(actor.id, tx);
        const method = await repo.insertMethod(tx, {
          userId: actor.id,
          provider: provider.name,
          kind: saved.kind,
          providerToken: saved.ref,
          brand: saved.brand,
          last4: saved.last4,
          expMonth: saved.expMonth,
          expYear: saved.expYear,
          holder: saved.holder.trim(),
          ...(sepa
            ? {
                mandateText: mandateText(actor.locale),
                mandateAcceptedAt: clock(),
                mandateIp: acceptance.ip,
                mandateUserAgent: acceptance.userAgent,
              }
            : {}),
        });
        if (!existing || input.makeDefault) await repo.setDefault(tx, actor.id, method.id);
        return { ...method, isDefault: !existing || input.makeDefault === true };
      });
      if (row.isDefault) await defaultMethodChanged(actor.id);
      return toMethod(row);
    },

    async setDefaultMethod(actor: Actor, id: string): Promise<PaymentMethod> {
      await requireCustomer(actor);
      const method = await requireMethod(actor.id, id);
      if (method.detachedAt) throw new AppError('payment.method_detached');
      await repo.transaction((tx) => repo.setDefault(tx, actor.id, id));
      await defaultMethodChanged(actor.id);
      return toMethod({ ...method, isDefault: true });
    },

    /** The provider detached a saved method (its dashboard, the bank): marked unusable once; renewals charge another (or none). */
    async methodDetachedAtProvider(ref: string): Promise<void> {
      const marked = await repo.markDetached(ref, clock());
      for (const userId of new Set(marked.map((m) => m.userId))) {
        const next = await repo.defaultMethod(userId);
        if (next) await repo.transaction((tx) => repo.setDefault(tx, userId, next.id));
      }
    },

    /** The provider's new details of a saved method (a card's new expiry or number from the card network's updater). */
    async methodUpdatedAtProvider(method: SavedMethod): Promise<void> {
      await repo.refreshMethod(method.ref, {
        brand: method.brand,
        last4: method.last4,
        expMonth: method.expMonth,
        expYear: method.expYear,
      });
    },

    /**
     * Removes a method (kept for the payments that name it) and detaches it at the provider, so it
     * cannot be charged again; the oldest other method becomes the default.
     */
    async removeMethod(actor: Actor, id: string): Promise<void> {
      await requireCustomer(actor);
      const method = await requireMethod(actor.id, id);
      await repo.transaction(async (tx) => {
        await repo.removeMethod(tx, actor.id, id);
        if (method.isDefault) {
          const next = await repo.defaultMethod(actor.id, tx);
          if (next) await repo.setDefault(tx, actor.id, next.id);
        }
      });
      await provider.detach(method.providerToken);
    },
  };
}
