import { useMemo } from 'react';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { listCountries } from '@/lib/phone-input';

export interface CountrySelectProps {
  value: string | null;
  onChange: (country: string | null) => void;
  label: string;
  placeholder?: string;
  error?: string | null;
  testId?: string;
  autoComplete?: string;
  required?: boolean;
}

/** The user's country, named in the UI language and searchable. */
export function CountrySelect({
  value,
  onChange,
  label,
  placeholder,
  error,
  testId = 'personal-country',
  autoComplete = 'country',
  required,
}: CountrySelectProps) {
  const { t, i18n } = useTranslation('account');
  const data = useMemo(() => listCountries(i18n.language).map((c) => ({ value: c.code, label: `${c.flag} ${c.name}` })), [i18n.language]);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      searchable
      clearable
      nothingFoundMessage={t('personal.countryNotFound')}
      comboboxProps={{ shadow: 'md' }}
      autoComplete={autoComplete}
      withAsterisk={required}
      data-testid={testId}
    />
  );
}
