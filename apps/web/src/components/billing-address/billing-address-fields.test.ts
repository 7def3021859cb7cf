import { describe, expect, it } from 'vitest';
import { billingAddressSchema } from '@enlaza/contracts';
import { billingBodyOf, billingDraftOf } from './billing-address-fields';

describe('billingBodyOf', () => {
  it('sends no address when every field is empty', () => {
    expect(billingBodyOf(billingDraftOf(null))).toBeNull();
  });

  it('leaves the required fields still missing empty once something is typed, for the contract to refuse', () => {
    const draft = { ...billingDraftOf(null), city: 'Madrid' };
    const parsed = billingAddressSchema.safeParse(billingBodyOf(draft));
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['line1', 'postalCode', 'country']);
  });

  it('trims the fields and turns empty optional ones into null', () => {
    const draft = { line1: ' Calle Mayor 1 ', line2: ' ', city: 'Madrid', postalCode: '28013', region: '', country: 'ES' };
    expect(billingBodyOf(draft)).toEqual({
      line1: 'Calle Mayor 1',
      line2: null,
      city: 'Madrid',
      postalCode: '28013',
      region: null,
      country: 'ES',
    });
  });
});
