import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A SEPA Direct Debit accepted: it settles (or fails) in a few business days; what was bought is active now. */
export function PaymentProcessing() {
  const { t } = useTranslation('billing');
  return (
    <Alert color="blue" variant="light" role="status" title={t('processing.title')} data-testid="payment-processing">
      <Text size="sm">{t('processing.body')}</Text>
    </Alert>
  );
}
