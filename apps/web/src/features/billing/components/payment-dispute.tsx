import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Payment } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatMoney } from '@/lib/format';
import { disputeOutcome } from './payment-outside';

/** A payment's dispute on its page: how much the customer's bank disputed, and where the dispute stands. */
export function PaymentDispute({ payment }: { payment: Payment }) {
  const { t } = useTranslation('billing');
  const locale = useLocale();
  const dispute = payment.dispute;
  if (!dispute) return null;
  const outcome = disputeOutcome(dispute.status);
  const won = outcome === 'won';
  const lost = outcome === 'lost';
  return (
    <Alert color={won ? 'teal' : lost ? 'red' : 'yellow'} role="status" data-testid="payment-dispute-detail">
      {t('payments.dispute.detail', {
        amount: formatMoney(dispute.amountCents, locale),
        status: t(`payments.dispute.statuses.${dispute.status}`),
      })}
    </Alert>
  );
}
