import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BillingAddress } from '@enlaza/contracts';
import type { FieldProps } from '@/lib/forms/use-contract-form';
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

/**
 * The address to send: null when every field is empty (no address), otherwise the trimmed address
 * (empty optional lines as null). A required field left empty stays '' for the contract to refuse
 * (an address is all or nothing: line 1, city, postal code, country).
 */
export function billingBodyOf(draft: BillingDraft) {
  const trimmed = {
    line1: draft.line1.trim(),
    line2: draft.line2.trim() || null,
    city: draft.city.trim(),
    postalCode: draft.postalCode.trim(),
    region: draft.region.trim() || null,
    country: draft.country ?? '',
  };
  return Object.values(trimmed).some(Boolean) ? trimmed : null;
}

/** `field` gives each field's props (value, change, error, the contract's required mark and limit). */
export function BillingAddressFields({ field }: { field: (name: BillingField) => FieldProps }) {
  const { t } = useTranslation('account');
  const text = (name: Exclude<BillingField, 'country'>, autoComplete: string) => {
    // The whole address may be left out, so a required line only shows the mark.
    const { required, ...props } = field(name);
    return (
      <TextInput
        {...props}
        label={t(`billing.${name}`)}
        autoComplete={autoComplete}
        withAsterisk={required}
        data-testid={`billing-${name}`}
      />
    );
  };
  const country = field('country');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {text('line1', 'address-line1')}
      {text('line2', 'address-line2')}
      {text('city', 'address-level2')}
      {text('postalCode', 'postal-code')}
      {text('region', 'address-level1')}
      <CountrySelect
        label={t('billing.country')}
        placeholder={t('personal.countryPlaceholder')}
        value={(country.value as string | null) ?? null}
        onChange={country.onChange as (value: string | null) => void}
        error={country.error as string | undefined}
        testId="billing-country"
        autoComplete="billing country"
        required={country.required}
      />
    </SimpleGrid>
  );
}
