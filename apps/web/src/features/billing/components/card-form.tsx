import { Badge, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { addCardSchema, cardBrand, type PaymentMethod } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { useContractForm } from '@/lib/forms/use-contract-form';
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

type CardValues = { number: string; expiry: string; cvc: string; holder: string; makeDefault: boolean };

/** The body of the contract from what is typed: "12/30" is month 12 of 2030 (anything else is no date). */
function toBody({ expiry, ...rest }: CardValues) {
  const date = /^(\d{2})\/(\d{2})$/.exec(expiry);
  return { ...rest, expMonth: date ? Number(date[1]) : Number.NaN, expYear: date ? 2000 + Number(date[2]) : Number.NaN };
}

/** The card form's values and checks (the contract's, with the expiry typed as MM/YY). */
export function useCardForm() {
  const { t } = useTranslation(['billing', 'admin']);
  return useContractForm(addCardSchema, {
    initialValues: { number: '', expiry: '', cvc: '', holder: '', makeDefault: false },
    toBody,
    fieldOf: { expMonth: 'expiry', expYear: 'expiry' },
    messages: {
      expiry: (issue) => (issue.message === 'validation.card_expired' ? undefined : t('card.expiryFormat')),
      holder: t('card.holderRequired'),
    },
  });
}

export type CardFormState = ReturnType<typeof useCardForm>;

/**
 * A card's fields: number (brand shown as typed), expiry MM/YY, CVC, holder, and "make it the
 * default" (`withDefault`; a first card is the default anyway). The number goes to the server only
 * to be handed to the payment provider.
 */
export function CardFields({ form, withDefault = true }: { form: CardFormState; withDefault?: boolean }) {
  const { t } = useTranslation(['billing', 'admin']);
  const { number } = form.values;
  const brand = cardBrand(number);
  return (
    <Stack gap="sm">
      <TextInput
        {...form.field('number')}
        onChange={(e) => form.form.setFieldValue('number', groupDigits(e.currentTarget.value))}
        label={t('card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
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
          {...form.field('expiry')}
          onChange={(e) => form.form.setFieldValue('expiry', formatExpiry(e.currentTarget.value))}
          // Typed as MM/YY, sent as the contract's month and year (both required).
          required
          label={t('card.expiry')}
          placeholder={t('card.expiryPlaceholder')}
          inputMode="numeric"
          autoComplete="cc-exp"
          data-testid="card-expiry"
        />
        <TextInput
          {...form.field('cvc')}
          onChange={(e) => form.form.setFieldValue('cvc', e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
          label={t('card.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          data-testid="card-cvc"
        />
      </SimpleGrid>
      <TextInput {...form.field('holder')} label={t('card.holder')} autoComplete="cc-name" data-testid="card-holder" />
      {withDefault ? <Checkbox {...form.field('makeDefault', { type: 'checkbox' })} label={t('card.makeDefault')} /> : null}
    </Stack>
  );
}

/** Add a card (the payment methods page): its fields, its error, save. Nothing typed is lost on an error. */
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
  const form = useCardForm();

  const submit = form.onSubmit((body) =>
    add.mutate(body, {
      onSuccess: (method) => {
        form.form.setValues({ number: '', cvc: '' });
        onSaved(method);
      },
      onError: form.setServerError,
    }),
  );

  return (
    <form onSubmit={submit} noValidate data-testid="card-form">
      <Stack gap="sm">
        <CardFields form={form} />
        <FormGeneralError error={form.generalError} title={t('card.notSaved')} testId="card-error" />
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
