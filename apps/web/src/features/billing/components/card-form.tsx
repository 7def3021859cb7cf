import { useState, type FormEvent } from 'react';
import { Badge, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { cardBrand, type PaymentMethod } from '@enlaza/contracts';
import { apiErrorMessage } from '@/components/api-error-message';
import { FormAlert } from '@/components/form-alert';
import { ApiError } from '@/lib/api-error';
import { useAddMethod } from '../api/billing';

/** "4242424242424242" → "4242 4242 4242 4242" while typing. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "1230" → "12/30". */
const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * Add a card: number (brand shown as typed), expiry MM/YY, CVC, holder. The number goes to the
 * server only to be handed to the payment provider; nothing typed is lost on an error.
 */
export function CardForm({
  onSaved,
  onCancel,
  submitLabel,
}: {
  onSaved: (method: PaymentMethod) => void;
  onCancel?: () => void;
  submitLabel?: string;
}) {
  const { t } = useTranslation(['billing', 'admin']);
  const add = useAddMethod();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [holder, setHolder] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const brand = cardBrand(number);
  const serverFields = add.error instanceof ApiError ? (add.error.fieldErrors ?? {}) : {};
  const fieldError = (name: string, ...server: string[]) => localErrors[name] ?? server.map((s) => serverFields[s]?.[0]).find(Boolean);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const [mm, yy] = expiry.split('/');
    const errors: Record<string, string> = {};
    if (!/^\d{2}$/.test(mm ?? '') || !/^\d{2}$/.test(yy ?? '')) errors.expiry = t('card.expiryFormat');
    if (holder.trim().length < 2) errors.holder = t('card.holderRequired');
    setLocalErrors(errors);
    if (Object.keys(errors).length > 0) return;
    add.mutate(
      { number, expMonth: Number(mm), expYear: 2000 + Number(yy), cvc, holder, makeDefault },
      {
        onSuccess: (method) => {
          setNumber('');
          setCvc('');
          onSaved(method);
        },
      },
    );
  };
  const generalError = add.isError && Object.keys(serverFields).length === 0 ? apiErrorMessage(add.error, t) : null;

  return (
    <form onSubmit={submit} noValidate data-testid="card-form">
      <Stack gap="sm">
        <TextInput
          label={t('card.number')}
          value={number}
          onChange={(e) => setNumber(groupDigits(e.currentTarget.value))}
          inputMode="numeric"
          autoComplete="cc-number"
          required
          error={fieldError('number', 'number')}
          rightSectionWidth={110}
          rightSection={
            number ? (
              <Badge variant="light" data-testid="card-brand">
                {t(`brands.${brand}`)}
              </Badge>
            ) : null
          }
          data-testid="card-number"
        />
        <SimpleGrid cols={{ base: 2 }} spacing="sm">
          <TextInput
            label={t('card.expiry')}
            placeholder={t('card.expiryPlaceholder')}
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.currentTarget.value))}
            inputMode="numeric"
            autoComplete="cc-exp"
            required
            error={fieldError('expiry', 'expMonth', 'expYear')}
            data-testid="card-expiry"
          />
          <TextInput
            label={t('card.cvc')}
            value={cvc}
            onChange={(e) => setCvc(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
            inputMode="numeric"
            autoComplete="cc-csc"
            required
            error={fieldError('cvc', 'cvc')}
            data-testid="card-cvc"
          />
        </SimpleGrid>
        <TextInput
          label={t('card.holder')}
          value={holder}
          onChange={(e) => setHolder(e.currentTarget.value)}
          autoComplete="cc-name"
          required
          error={fieldError('holder', 'holder')}
          data-testid="card-holder"
        />
        <Checkbox label={t('card.makeDefault')} checked={makeDefault} onChange={(e) => setMakeDefault(e.currentTarget.checked)} />
        {generalError ? (
          <FormAlert title={t('card.notSaved')} testId="card-error">
            {generalError}
          </FormAlert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('admin:cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={add.isPending} data-testid="card-save">
            {submitLabel ?? t('card.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
