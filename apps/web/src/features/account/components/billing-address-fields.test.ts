import { describe, expect, it } from 'vitest';
import { billingAddressOf, billingDraftOf } from './billing-address-fields';

describe('billingAddressOf', () => {
  it('sends no address when every field is empty', () => {
    expect(billingAddressOf(billingDraftOf(null))).toEqual({ address: null, missing: [] });
  });

  it('lists the required fields still missing once something is typed', () => {
    const draft = { ...billingDraftOf(null), city: 'Madrid' };
    expect(billingAddressOf(draft).missing).toEqual(['line1', 'postalCode', 'country']);
  });

  it('trims the fields and turns empty optional ones into null', () => {
    const draft = { line1: ' Calle Mayor 1 ', line2: ' ', city: 'Madrid', postalCode: '28013', region: '', country: 'ES' };
    expect(billingAddressOf(draft)).toEqual({
      address: { line1: 'Calle Mayor 1', line2: null, city: 'Madrid', postalCode: '28013', region: null, country: 'ES' },
      missing: [],
    });
  });
});
