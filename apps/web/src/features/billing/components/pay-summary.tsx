import { Alert, Divider, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MethodKindName, PaymentMethod, PriceQuote } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLocale } from '@/components/use-locale';
import { formatMoney } from '@/lib/format';
import { methodSummary } from '../lib/method-summary';
import { AddMethodButtons } from './add-method-buttons';
import { TaxRuleNote } from './tax-rule-note';

/** What is bought, the tax and the total with tax, as the invoice will compute them. */
export function PaySummary({
  lines,
  price,
  note,
  quoteError,
  discounted = false,
}: {
  lines: { description: string; amountCents: number }[] | null;
  price: PriceQuote | null;
  note?: string;
  quoteError?: unknown;
  /** A promotion code's discount is among the lines: the taxable base after it is shown before the tax. */
  discounted?: boolean;
}) {
  const { t } = useTranslation(['billing', 'admin']);
  const locale = useLocale();
  if (quoteError)
    return (
      <Alert color="red" role="alert" data-testid="quote-error">
        {apiErrorMessage(quoteError, t)}
      </Alert>
    );
  if (!lines || !price) return <Skeleton height={80} aria-label={t('loading')} />;
  return (
    <Stack gap={4}>
      {lines.map((line, i) => (
        <Group key={i} justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{line.description}</Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(line.amountCents, locale)}
          </Text>
        </Group>
      ))}
      {discounted ? (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm">{t('promo.taxableBase')}</Text>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="pay-taxable-base">
            {formatMoney(price.subtotalCents, locale)}
          </Text>
        </Group>
      ) : null}
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('tax', { name: price.taxName })}
        </Text>
        <Text size="sm" c="dimmed">
          {formatMoney(price.taxCents, locale)}
        </Text>
      </Group>
      <TaxRuleNote rule={price.taxRule} />
      <Divider my={4} />
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{t('totalWithTax')}</Text>
        <Text fw={700} data-testid="pay-total">
          {formatMoney(price.totalCents, locale)}
        </Text>
      </Group>
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The saved methods to pay with, and "add a card" / "add a bank account" (the kinds the provider saves). */
export function MethodChoice({
  methods,
  bizum,
  chosen,
  onChoose,
  kinds,
  onAdd,
}: {
  methods: PaymentMethod[];
  /** The choice's value for Bizum, paid once on the provider's page (null: not offered). */
  bizum: string | null;
  chosen: string | null;
  onChoose: (id: string) => void;
  kinds: readonly MethodKindName[];
  onAdd: (kind: MethodKindName) => void;
}) {
  const { t } = useTranslation(['billing', 'admin']);
  return (
    <Radio.Group label={t('payWith')} value={chosen} onChange={onChoose}>
      <Stack gap={6} mt={6}>
        {methods.map((m) => (
          <Radio key={m.id} value={m.id} label={methodSummary(t, m)} data-testid={`pay-method-${m.last4}`} />
        ))}
        {bizum ? (
          <Radio value={bizum} label={t('bizum.choice')} description={t('bizum.choiceHint')} data-testid="pay-method-bizum" />
        ) : null}
        <AddMethodButtons kinds={kinds} onAdd={onAdd} variant="subtle" />
      </Stack>
    </Radio.Group>
  );
}
