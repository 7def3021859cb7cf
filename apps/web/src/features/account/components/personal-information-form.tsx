import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PersonalInfo, PersonalInfoUpdate } from '@enlaza/contracts';
import { ApiError } from '@/lib/http';
import { PhoneInput } from '@/lib/phone-input';
import { useUpdatePersonalInfo } from '../api/update-personal-info';
import { CountrySelect } from './country-select';
import '@mantine/core/styles/CloseButton.css';

type Field = 'name' | 'phone' | 'country';
type FieldErrors = Partial<Record<Field, string>>;

function firstErrors(errors: Record<string, string[]> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const field of ['name', 'phone', 'country'] as const) {
    const message = errors?.[field]?.[0];
    if (message) out[field] = message;
  }
  return out;
}

export function PersonalInformationForm({ initial }: { initial: PersonalInfo }) {
  const { t } = useTranslation('account');
  const mutation = useUpdatePersonalInfo();
  const [name, setName] = useState(initial.name);
  const [phone, setPhone] = useState<string | null>(initial.phone);
  const [phoneValid, setPhoneValid] = useState(true);
  const [country, setCountry] = useState<string | null>(initial.country);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  const clearError = (field: Field) => {
    setSaved(false);
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    if (!phoneValid) {
      // An unfinished number would be sent as null and erase the saved one.
      setErrors({ phone: t('personal.errors.phoneInvalid') });
      return;
    }
    const update: PersonalInfoUpdate = { name, phone, country };
    setErrors({});
    mutation.mutate(update, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(firstErrors(error.fieldErrors));
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
          <Alert color="green" role="status" title={t('personal.savedTitle')} withCloseButton onClose={() => setSaved(false)} data-testid="personal-saved">
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
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="personal-save">
            {t('personal.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
