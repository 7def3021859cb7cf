import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Divider, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PriceQuote } from '@enlaza/contracts';
import { apiErrorMessage } from '@/components/api-error-message';
import { useLocale } from '@/components/use-locale';
import { formatMoney } from '@/lib/format';
import { newIdempotencyKey, useMethods } from '../api/billing';
import { CardForm } from './card-form';
import { TaxRuleNote } from './tax-rule-note';

type Props = {
  opened: boolean;
  title: string;
  lines: { description: string; amountCents: number }[] | null;
  price: PriceQuote | null;
  /** Shown under the lines (e.g. "active until …"). */
  note?: string;
  quoteError?: unknown;
  paying: boolean;
  payError: unknown;
  onPay: (methodId: string, idempotencyKey: string) => void;
  onClose: () => void;
};

/** Confirm a payment: what is bought, the total with tax, the card (or a new one), then pay. */
export function PayDialog({ opened, title, lines, price, note, quoteError, paying, payError, onPay, onClose }: Props) {
  const { t } = useTranslation(['billing', 'admin']);
  const locale = useLocale();
  const methods = useMethods();
  const [methodId, setMethodId] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // One key per attempt: kept while the dialog is open so a double click pays once; a new one after a failure.
  const key = useRef(newIdempotencyKey());
  useEffect(() => {
    if (opened) key.current = newIdempotencyKey();
  }, [opened]);
  useEffect(() => {
    if (payError) key.current = newIdempotencyKey();
  }, [payError]);
  const list = methods.data ?? [];
  const chosen = methodId && list.some((m) => m.id === methodId) ? methodId : (list.find((m) => m.isDefault)?.id ?? list[0]?.id ?? null);
  const showForm = adding || (methods.isSuccess && list.length === 0);

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('admin:close') }} size="md">
      <Stack gap="md" data-testid="pay-dialog">
        {quoteError ? (
          <Alert color="red" role="alert" data-testid="quote-error">
            {apiErrorMessage(quoteError, t)}
          </Alert>
        ) : !lines || !price ? (
          <Skeleton height={80} aria-label={t('loading')} />
        ) : (
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
        )}
        {methods.isPending ? (
          <Skeleton height={40} />
        ) : methods.isError ? (
          <Alert color="red" role="alert">
            {t('methods.error')}
          </Alert>
        ) : showForm ? (
          <CardForm
            onSaved={(m) => {
              setMethodId(m.id);
              setAdding(false);
            }}
            onCancel={list.length > 0 ? () => setAdding(false) : undefined}
            submitLabel={t('card.saveAndUse')}
          />
        ) : (
          <Radio.Group label={t('payWith')} value={chosen} onChange={setMethodId}>
            <Stack gap={6} mt={6}>
              {list.map((m) => (
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
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setAdding(true)}
                style={{ alignSelf: 'flex-start' }}
                data-testid="pay-add-card"
              >
                {t('methods.add')}
              </Button>
            </Stack>
          </Radio.Group>
        )}
        {payError ? (
          <Alert color="red" role="alert" title={t('payFailed')} data-testid="pay-error">
            {apiErrorMessage(payError, t)}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('admin:cancel')}
          </Button>
          <Button
            disabled={!chosen || showForm || !price || Boolean(quoteError)}
            loading={paying}
            onClick={() => chosen && onPay(chosen, key.current)}
            data-testid="pay-confirm"
          >
            {price ? t('payAmount', { amount: formatMoney(price.totalCents, locale) }) : t('pay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
