import { useEffect, useMemo } from 'react';
import { Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { billingDetailsUpdateSchema, taxIdAcceptable, type BillingDetails } from '@enlaza/contracts';
import { BillingAddressFields, billingDraftOf, type BillingDraft } from '@/components/billing-address/billing-address-fields';
import { useContractForm } from '@/lib/forms/use-contract-form';

type DetailsValues = { taxId: string; billingAddress: BillingDraft };

const valuesOf = (details: BillingDetails | undefined): DetailsValues => {
  const draft = billingDraftOf(details?.billingAddress ?? null);
  // A new address starts in the account's country.
  return { taxId: details?.taxId ?? '', billingAddress: { ...draft, country: draft.country ?? details?.country ?? null } };
};

/** The body as typed: every address field trimmed (the contract says which may be empty). */
const toBody = ({ taxId, billingAddress: a }: DetailsValues) => ({
  taxId: taxId.trim(),
  billingAddress: {
    line1: a.line1.trim(),
    line2: a.line2.trim() || null,
    city: a.city.trim(),
    postalCode: a.postalCode.trim(),
    region: a.region.trim() || null,
    country: a.country ?? '',
  },
});

/** The pay dialog's billing details form: the tax id and address, checked as the server checks them. */
export function useBillingDetailsForm(details: BillingDetails | undefined) {
  const { t } = useTranslation(['account', 'billing']);
  const schema = useMemo(
    () =>
      billingDetailsUpdateSchema.superRefine((body, ctx) => {
        // In the EU the id decides the VAT (a valid VAT number: reverse charge), so it is checked as the server will.
        if (body.taxId && !taxIdAcceptable(body.billingAddress.country, body.taxId))
          ctx.addIssue({ code: 'custom', path: ['taxId'], message: 'invalid' });
      }),
    [],
  );
  const required = t('account:billing.required');
  const form = useContractForm(schema, {
    initialValues: valuesOf(details),
    toBody,
    messages: {
      taxId: (issue) => (issue.message === 'invalid' ? t('account:billing.taxIdInvalid') : t('billing:details.taxIdRequired')),
      'billingAddress.line1': required,
      'billingAddress.city': required,
      'billingAddress.postalCode': required,
      'billingAddress.country': required,
    },
  });
  // The stored details arrive after the dialog opens: they fill the form once.
  const { initialize } = form.form;
  useEffect(() => {
    if (details) initialize(valuesOf(details));
  }, [details, initialize]);
  return form;
}

export type BillingDetailsFormState = ReturnType<typeof useBillingDetailsForm>;

/** What the invoice needs that is missing: the tax id and address, with why they are asked. */
export function BillingDetailsFields({ form, details }: { form: BillingDetailsFormState; details: BillingDetails | undefined }) {
  const { t } = useTranslation(['account', 'billing']);
  return (
    <Stack gap="sm" data-testid="pay-billing-details">
      <div>
        <Title order={3} size="h5">
          {t('billing:details.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {details?.requiresTaxId ? t('billing:details.whyAccountType') : t('billing:details.whyFullInvoice')}
        </Text>
      </div>
      <TextInput
        {...form.field('taxId')}
        label={t('account:billing.taxId')}
        description={t('account:billing.taxIdVat')}
        inputWrapperOrder={['label', 'description', 'input', 'error']}
        autoComplete="off"
        data-testid="pay-tax-id"
      />
      <BillingAddressFields field={(name) => form.field(`billingAddress.${name}`)} />
    </Stack>
  );
}
