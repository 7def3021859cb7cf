import { useState, type FormEvent } from 'react';
import { Alert, Button, Divider, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { taxIdAcceptable, type PersonalInfo, type PersonalInfoUpdate } from '@enlaza/contracts';
import { ApiError } from '@/lib/http';
import { PhoneInput } from '@/lib/phone-input';
import { useUpdatePersonalInfo } from '../api/update-personal-info';
import {
  BillingAddressFields,
  billingAddressOf,
  billingDraftOf,
  type BillingDraft,
  type BillingErrors,
  type BillingField,
} from './billing-address-fields';
import { CountrySelect } from './country-select';

type Field = 'name' | 'phone' | 'country' | 'taxId';
type FieldErrors = Partial<Record<Field, string>> & { billing?: BillingErrors };

const BILLING_FIELDS: BillingField[] = ['line1', 'line2', 'city', 'postalCode', 'region', 'country'];

/** The server's errors per field; billing ones come as `billingAddress.city` and so on. */
function firstErrors(errors: Record<string, string[]> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const field of ['name', 'phone', 'country', 'taxId'] as const) {
    const message = errors?.[field]?.[0];
    if (message) out[field] = message;
  }
  const billing: BillingErrors = {};
  for (const field of BILLING_FIELDS) {
    const message = errors?.[`billingAddress.${field}`]?.[0];
    if (message) billing[field] = message;
  }
  if (Object.keys(billing).length > 0) out.billing = billing;
  return out;
}

export function PersonalInformationForm({ initial }: { initial: PersonalInfo }) {
  const { t } = useTranslation('account');
  const mutation = useUpdatePersonalInfo();
  const [name, setName] = useState(initial.name);
  const [phone, setPhone] = useState<string | null>(initial.phone);
  const [phoneValid, setPhoneValid] = useState(true);
  const [country, setCountry] = useState<string | null>(initial.country);
  const [billing, setBilling] = useState<BillingDraft>(() => billingDraftOf(initial.billingAddress));
  const [taxId, setTaxId] = useState(initial.taxId ?? '');
  const taxIdRequired = initial.accountType?.requiresTaxId === true;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  const clearError = (field: Field) => {
    setSaved(false);
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const setBillingField = (field: BillingField, value: string | null) => {
    setSaved(false);
    setBilling((current) => ({ ...current, [field]: field === 'country' ? value : (value ?? '') }));
    setErrors((current) => (current.billing?.[field] ? { ...current, billing: { ...current.billing, [field]: undefined } } : current));
  };

  // After a failed submit, move focus to the first field with an error (once it has rendered).
  const focusFirstError = () => {
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="personal-form"] [aria-invalid="true"]')?.focus());
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    if (!phoneValid) {
      // An unfinished number would be sent as null and erase the saved one.
      setErrors({ phone: t('personal.errors.phoneInvalid') });
      return;
    }
    const { address, missing } = billingAddressOf(billing);
    const local: FieldErrors = {};
    if (missing.length > 0) local.billing = Object.fromEntries(missing.map((field) => [field, t('billing.required')]));
    if (taxIdRequired && !taxId.trim()) local.taxId = t('billing.taxIdRequired', { type: initial.accountType?.name ?? '' });
    // In the EU the id decides the VAT (a valid VAT number: reverse charge), so it is checked as the server will.
    else if (!taxIdAcceptable(address?.country ?? country, taxId)) local.taxId = t('billing.taxIdInvalid');
    if (local.billing || local.taxId) {
      setErrors(local);
      focusFirstError();
      return;
    }
    const update: PersonalInfoUpdate = { name, phone, country, billingAddress: address, taxId: taxId.trim() || null };
    setErrors({});
    mutation.mutate(update, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        if (error instanceof ApiError) {
          setErrors(firstErrors(error.fieldErrors));
          focusFirstError();
        }
      },
    });
  };

  const failure = mutation.error;
  const generalError =
    failure && !(failure instanceof ApiError && failure.fieldErrors && Object.keys(failure.fieldErrors).length > 0)
      ? failure instanceof ApiError && failure.status === 0
        ? t('personal.errors.network')
        : failure.message || t('personal.errors.generic')
      : null;

  return (
    <form onSubmit={submit} noValidate aria-label={t('personal.formLabel')} data-testid="personal-form">
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
        {generalError && (
          <Alert color="red" role="alert" title={t('personal.errors.title')} data-testid="personal-error">
            {generalError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('personal.name')}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              clearError('name');
            }}
            error={errors.name}
            required
            autoComplete="name"
            maxLength={120}
            data-testid="personal-name"
          />
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
            value={phone}
            fallbackCountry={country ?? initial.country}
            error={errors.phone}
            name="phone"
            onChange={(next, _country, details) => {
              setPhone(next);
              setPhoneValid(details.valid);
              clearError('phone');
            }}
          />
          <CountrySelect
            label={t('personal.country')}
            placeholder={t('personal.countryPlaceholder')}
            value={country}
            onChange={(next) => {
              setCountry(next);
              clearError('country');
            }}
            error={errors.country}
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
        <BillingAddressFields value={billing} onChange={setBillingField} errors={errors.billing ?? {}} />
        <TextInput
          label={t('billing.taxId')}
          description={`${taxIdRequired ? t('billing.taxIdRequiredHint', { type: initial.accountType?.name ?? '' }) : t('billing.taxIdHint')} ${t('billing.taxIdVat')}`}
          inputWrapperOrder={['label', 'description', 'input', 'error']}
          value={taxId}
          onChange={(event) => {
            setTaxId(event.currentTarget.value);
            clearError('taxId');
          }}
          error={errors.taxId}
          required={taxIdRequired}
          maxLength={40}
          maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
          data-testid="personal-tax-id"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="personal-save">
            {t('personal.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
