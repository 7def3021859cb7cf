import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatMoney } from '@/lib/format';

/** A dispute's state as the customer reads it: open while the bank and the seller argue, then won or lost. */
export function disputeOutcome(status: NonNullable<Payment['dispute']>['status']): 'open' | 'won' | 'lost' {
  if (status === 'lost') return 'lost';
  return status === 'won' || status === 'warning_closed' || status === 'prevented' ? 'won' : 'open';
}

/**
 * What happened to a payment outside the app, under its status: its bank disputed it (a chargeback),
 * or part of it was refunded through the payment provider's own dashboard.
 */
export function PaymentOutside({ payment }: { payment: Payment }) {
  const { t } = useTranslation('billing');
  const locale = useLocale();
  const outcome = payment.dispute ? disputeOutcome(payment.dispute.status) : null;
  return (
    <>
      {outcome ? (
        <Badge color={outcome === 'won' ? 'teal' : 'red'} variant="light" data-testid="payment-dispute">
          {t(`payments.dispute.${outcome}`)}
        </Badge>
      ) : null}
      {payment.refundedAtProviderCents > 0 ? (
        <Text size="sm" c="dimmed" data-testid="payment-refunded-at-provider">
          {t('payments.refundedAtProvider', { amount: formatMoney(payment.refundedAtProviderCents, locale) })}
        </Text>
      ) : null}
    </>
  );
}
