import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingAddress } from '@enlaza/contracts';
import { CountrySelect } from './country-select';

/** The billing address as typed: every field a string (empty = not given). */
export interface BillingDraft {
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  region: string;
  country: string | null;
}

export type BillingField = keyof BillingDraft;
export type BillingErrors = Partial<Record<BillingField, string>>;

export function billingDraftOf(address: BillingAddress | null): BillingDraft {
  return {
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    postalCode: address?.postalCode ?? '',
    region: address?.region ?? '',
    country: address?.country ?? null,
  };
}

const REQUIRED: BillingField[] = ['line1', 'city', 'postalCode', 'country'];

/**
 * The address to send: null when every field is empty (no address), otherwise the address, or
 * the fields still missing (an address is all or nothing: line 1, city, postal code, country).
 */
export function billingAddressOf(draft: BillingDraft): { address: BillingAddress | null; missing: BillingField[] } {
  const trimmed = {
    ...draft,
    line1: draft.line1.trim(),
    line2: draft.line2.trim(),
    city: draft.city.trim(),
    postalCode: draft.postalCode.trim(),
    region: draft.region.trim(),
  };
  const empty = !trimmed.line1 && !trimmed.line2 && !trimmed.city && !trimmed.postalCode && !trimmed.region && !trimmed.country;
  if (empty) return { address: null, missing: [] };
  const missing = REQUIRED.filter((field) => !trimmed[field]);
  if (missing.length > 0 || !trimmed.country) return { address: null, missing };
  return {
    address: {
      line1: trimmed.line1,
      line2: trimmed.line2 || null,
      city: trimmed.city,
      postalCode: trimmed.postalCode,
      region: trimmed.region || null,
      country: trimmed.country,
    },
    missing: [],
  };
}

interface BillingAddressFieldsProps {
  value: BillingDraft;
  onChange: (field: BillingField, value: string | null) => void;
  errors: BillingErrors;
}

export function BillingAddressFields({ value, onChange, errors }: BillingAddressFieldsProps) {
  const { t } = useTranslation('account');
  const text = (field: Exclude<BillingField, 'country'>, autoComplete: string, maxLength: number, required: boolean) => (
    <TextInput
      label={t(`billing.${field}`)}
      value={value[field]}
      onChange={(event) => onChange(field, event.currentTarget.value)}
      error={errors[field]}
      autoComplete={autoComplete}
      maxLength={maxLength}
      withAsterisk={required}
      data-testid={`billing-${field}`}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {text('line1', 'address-line1', 200, true)}
      {text('line2', 'address-line2', 200, false)}
      {text('city', 'address-level2', 100, true)}
      {text('postalCode', 'postal-code', 20, true)}
      {text('region', 'address-level1', 100, false)}
      <CountrySelect
        label={t('billing.country')}
        placeholder={t('personal.countryPlaceholder')}
        value={value.country}
        onChange={(next) => onChange('country', next)}
        error={errors.country}
        testId="billing-country"
        autoComplete="billing country"
        required
      />
    </SimpleGrid>
  );
}
