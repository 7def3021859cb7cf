import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TaxRule } from '@enlaza/contracts';

/**
 * Why a price bears the VAT it does, when it is not the seller's own VAT: the reverse charge (an EU
 * business with a valid VAT number), no VAT outside the EU, or the customer's own country's VAT.
 */
export function TaxRuleNote({ rule }: { rule: TaxRule }) {
  const { t } = useTranslation('billing');
  if (rule === 'domestic' || rule === 'eu_consumer_origin') return null;
  return (
    <Text size="xs" c="dimmed" data-testid="tax-rule-note">
      {t(`taxRule.${rule}`)}
    </Text>
  );
}
