import type { TFunction } from 'i18next';
import type { PaymentMethod } from '@enlaza/contracts';

/**
 * A saved method as the screens name it: "Visa •••• 4242 · 12/30" for a card, "SEPA Direct Debit
 * •••• 3000" for a bank account (which has no expiry). `t` needs the billing namespace.
 */
export function methodSummary(t: TFunction, method: Pick<PaymentMethod, 'kind' | 'brand' | 'last4' | 'expMonth' | 'expYear'>): string {
  if (method.kind === 'sepa_debit') return t('billing:methods.sepaSummary', { last4: method.last4 });
  const brand = t(`billing:brands.${method.brand}`, { defaultValue: method.brand });
  if (method.expMonth === null || method.expYear === null) return t('billing:methods.cardSummary', { brand, last4: method.last4 });
  return t('billing:methods.summary', {
    brand,
    last4: method.last4,
    month: String(method.expMonth).padStart(2, '0'),
    year: String(method.expYear).slice(-2),
  });
}
