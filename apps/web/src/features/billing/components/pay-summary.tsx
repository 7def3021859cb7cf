import { Alert, Divider, Group, Radio, Skeleton, Stack, Text, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod, PriceQuote } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useLocale } from '@/components/use-locale';
import { formatMoney } from '@/lib/format';
import { usePaymentProvider } from '../api/billing';
import { TaxRuleNote } from './tax-rule-note';

/** What is bought, the tax and the total with tax, as the invoice will compute them. */
export function PaySummary({
  lines,
  price,
  note,
  quoteError,
}: {
  lines: { description: string; amountCents: number }[] | null;
  price: PriceQuote | null;
  note?: string;
  quoteError?: unknown;
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

/** The saved cards to pay with, and "add a card". */
export function MethodChoice({
  methods,
  chosen,
  onChoose,
  onAdd,
}: {
  methods: PaymentMethod[];
  chosen: string | null;
  onChoose: (id: string) => void;
  onAdd: () => void;
}) {
  const { t } = useTranslation(['billing', 'admin']);
  return (
    <Radio.Group label={t('payWith')} value={chosen} onChange={onChoose}>
      <Stack gap={6} mt={6}>
        {methods.map((m) => (
          <Radio
            key={m.id}
            value={m.id}
            label={t('methods.summary', {
              brand: t(`brands.${m.brand}`, { defaultValue: m.brand }),
              last4: m.last4,
              month: String(m.expMonth).padStart(2, '0'),
              year: String(m.expYear).slice(-2),
            })}
            data-testid={`pay-method-${m.last4}`}
          />
        ))}
        <Button variant="subtle" size="compact-sm" onClick={onAdd} style={{ alignSelf: 'flex-start' }} data-testid="pay-add-card">
          {t('methods.add')}
        </Button>
      </Stack>
    </Radio.Group>
  );
}

/** In the sandbox no money moves: the cards that succeed or fail on purpose, said where a card is typed. */
export function TestCardsNote() {
  const { t } = useTranslation('billing');
  const provider = usePaymentProvider();
  if (!provider.data?.testMode) return null;
  return (
    <Alert color="blue" variant="light" title={t('testCards.title')} data-testid="test-cards">
      <Text size="sm">{t('testCards.body')}</Text>
    </Alert>
  );
}
