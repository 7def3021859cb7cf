import type { AddCardInput, PaymentMethod } from '@enlaza/contracts';
import { AppError } from '../../lib/errors.js';
import type { Actor } from '../../platform/actor.js';
import { toMethod, type PaymentsContext } from './service-context.js';

/**
 * The customer's saved cards. `defaultMethodChanged` runs after the default card changed (a new
 * default card, or another chosen), so that renewals retry a past-due subscription.
 */
export function createPaymentMethods(
  { repo, provider, requireCustomer, requireMethod }: PaymentsContext,
  defaultMethodChanged: (userId: string) => Promise<void>,
) {
  return {
    async listMethods(actor: Actor): Promise<PaymentMethod[]> {
      await requireCustomer(actor);
      return (await repo.listMethods(actor.id)).map(toMethod);
    },

    /** The number goes to the provider only; the app keeps its token, brand, last four and expiry. */
    async addMethod(actor: Actor, input: AddCardInput & { number: string; expMonth: number; expYear: number }): Promise<PaymentMethod> {
      await requireCustomer(actor);
      const saved = await provider.saveCard({
        number: input.number,
        expMonth: input.expMonth,
        expYear: input.expYear,
        cvc: input.cvc,
        holder: input.holder,
      });
      if (!saved.ok) throw new AppError(`payment.${saved.reason}`, {}, { number: [{ code: `payment.${saved.reason}` }] });
      const row = await repo.transaction(async (tx) => {
        const existing = await repo.defaultMethod(actor.id, tx);
        const method = await repo.insertMethod(tx, {
          userId: actor.id,
          provider: provider.name,
          providerToken: saved.card.token,
          brand: saved.card.brand,
          last4: saved.card.last4,
          expMonth: saved.card.expMonth,
          expYear: saved.card.expYear,
          holder: input.holder.trim(),
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
      await repo.transaction((tx) => repo.setDefault(tx, actor.id, id));
      await defaultMethodChanged(actor.id);
      return toMethod({ ...method, isDefault: true });
    },

    /** Removes a card (kept for the payments that name it); the oldest other card becomes the default. */
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
    },
  };
}
