import { useMemo, useState } from 'react';
import { Alert, Button, Divider, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { personalInfoUpdateSchema, taxIdAcceptable, type PersonalInfo } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { PhoneInput } from '@/lib/phone-input';
import { useUpdatePersonalInfo } from '../api/update-personal-info';
import { BillingAddressFields, billingBodyOf, billingDraftOf } from '@/components/billing-address/billing-address-fields';
import { CountrySelect } from '@/components/billing-address/country-select';

export function PersonalInformationForm({ initial }: { initial: PersonalInfo }) {
  const { t } = useTranslation('account');
  const mutation = useUpdatePersonalInfo();
  const [phoneValid, setPhoneValid] = useState(true);
  const taxIdRequired = initial.accountType?.requiresTaxId === true;
  const [saved, setSaved] = useState(false);
  const schema = useMemo(
    () =>
      personalInfoUpdateSchema.superRefine((body, ctx) => {
        // An unfinished number would be sent as null and erase the saved one.
        if (!phoneValid) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'unfinished' });
        if (taxIdRequired && !body.taxId) ctx.addIssue({ code: 'custom', path: ['taxId'], message: 'required' });
        // In the EU the id decides the VAT (a valid VAT number: reverse charge), so it is checked as the server will.
        else if (!taxIdAcceptable(body.billingAddress?.country ?? body.country, body.taxId ?? ''))
          ctx.addIssue({ code: 'custom', path: ['taxId'], message: 'invalid' });
      }),
    [phoneValid, taxIdRequired],
  );
  const billingRequired = t('billing.required');
  const form = useContractForm(schema, {
    initialValues: {
      name: initial.name,
      phone: initial.phone,
      country: initial.country,
      billingAddress: billingDraftOf(initial.billingAddress),
      taxId: initial.taxId ?? '',
    },
    toBody: (values) => ({ ...values, billingAddress: billingBodyOf(values.billingAddress), taxId: values.taxId.trim() || null }),
    messages: {
      phone: t('personal.errors.phoneInvalid'),
      taxId: (issue) =>
        issue.message === 'required' ? t('billing.taxIdRequired', { type: initial.accountType?.name ?? '' }) : t('billing.taxIdInvalid'),
      'billingAddress.line1': billingRequired,
      'billingAddress.city': billingRequired,
      'billingAddress.postalCode': billingRequired,
      'billingAddress.country': billingRequired,
    },
    onValuesChange: () => setSaved(false),
  });

  const submit = form.onSubmit((body) => mutation.mutate(body, { onSuccess: () => setSaved(true), onError: form.setServerError }));

  return (
    <form
      onSubmit={(event) => {
        setSaved(false);
        submit(event);
      }}
      noValidate
      aria-label={t('personal.formLabel')}
      data-testid="personal-form"
    >
      <Stack gap="md">
        {saved && (
          <Alert
            color="green"
            role="status"
            title={t('personal.savedTitle')}
            withCloseButton
            closeButtonLabel={t('common:close')}
            onClose={() => setSaved(false)}
            data-testid="personal-saved"
          >
            {t('personal.savedBody')}
          </Alert>
        )}
        <FormGeneralError error={form.generalError} title={t('personal.errors.title')} testId="personal-error" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput {...form.field('name')} label={t('personal.name')} autoComplete="name" data-testid="personal-name" />
          <TextInput
            label={t('personal.email')}
            description={t('personal.emailHint')}
            value={initial.email}
            readOnly
            variant="filled"
            type="email"
            data-testid="personal-email"
          />
          <PhoneInput
            label={t('personal.phone')}
            value={form.values.phone}
            fallbackCountry={form.values.country ?? initial.country}
            error={form.errorOf('phone')}
            name="phone"
            onChange={(next, _country, details) => {
              form.form.setFieldValue('phone', next);
              setPhoneValid(details.valid);
            }}
          />
          <CountrySelect
            label={t('personal.country')}
            placeholder={t('personal.countryPlaceholder')}
            value={form.values.country}
            onChange={(next) => form.form.setFieldValue('country', next)}
            error={form.errorOf('country')}
          />
        </SimpleGrid>
        {initial.pendingEmail ? (
          <Alert color="yellow" variant="light" title={t('personal.pendingTitle')} data-testid="personal-pending-email">
            {t('personal.pendingBody', { email: initial.pendingEmail })}
          </Alert>
        ) : null}
        <Divider my={4} />
        <div>
          <Title order={2} size="h4">
            {t('billing.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('billing.intro')}
          </Text>
        </div>
        <BillingAddressFields field={(name) => form.field(`billingAddress.${name}`)} />
        <TextInput
          {...form.field('taxId')}
          // The contract lets it be left out; the account type may not.
          required={taxIdRequired}
          label={t('billing.taxId')}
          description={`${taxIdRequired ? t('billing.taxIdRequiredHint', { type: initial.accountType?.name ?? '' }) : t('billing.taxIdHint')} ${t('billing.taxIdVat')}`}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
          data-testid="personal-tax-id"
        />
        {initial.taxIdRegistration ? (
          // What VIES said of the saved number: an unanswered lookup kept it unconfirmed, and the customer is told.
          <Text size="sm" c={initial.taxIdRegistration === 'registered' ? 'dimmed' : undefined} data-testid="personal-tax-id-registration">
            {t(initial.taxIdRegistration === 'registered' ? 'billing.taxIdRegistered' : 'billing.taxIdUnconfirmed')}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="personal-save">
            {t('personal.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
