import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PersonalInfo } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { PersonalInformationForm } from './personal-information-form';

const initial: PersonalInfo = {
  name: 'Ana López',
  email: 'ana@example.com',
  pendingEmail: null,
  phone: null,
  country: 'ES',
  billingAddress: null,
  taxId: null,
  taxIdRegistration: null,
  accountType: { id: 'type-personal', name: 'Personal', requiresTaxId: false },
};

async function setup() {
  // The phone field asks an outside service for the visitor's country: not reached in a test.
  const mocked = mockApi((url, init) =>
    url === '/api/account/personal'
      ? json({ ok: 1, data: { ...initial, ...JSON.parse(init?.body as string) } })
      : new Response('', { status: 404 }),
  );
  const calls = {
    get saves() {
      return mocked.calls.filter((call) => call.url === '/api/account/personal');
    },
  };
  await render(<PersonalInformationForm initial={initial} />);
  return { calls };
}

describe('personal information: the tax id', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a Spanish NIF with a wrong check letter before sending it, and sends a valid one', async () => {
    const { calls } = await setup();
    const taxId = screen.getByTestId('personal-tax-id');
    fireEvent.change(taxId, { target: { value: '12345678A' } });
    fireEvent.click(screen.getByTestId('personal-save'));
    expect(await screen.findByText(/not a valid VAT number of the billing country/)).toBeTruthy();
    expect(calls.saves).toHaveLength(0);

    fireEvent.change(taxId, { target: { value: '12345678Z' } });
    fireEvent.click(screen.getByTestId('personal-save'));
    await waitFor(() => expect(calls.saves).toHaveLength(1));
    expect(JSON.parse(calls.saves[0]!.init?.body as string)).toMatchObject({ taxId: '12345678Z', country: 'ES' });
  });
});

describe('personal information: what VIES said of the tax id', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a number VIES did not answer for is kept unconfirmed, one it confirmed is registered, and nothing when not looked up', async () => {
    mockApi(() => new Response('', { status: 404 }));
    const address = { line1: 'Hauptstraße 1', line2: null, city: 'Berlin', postalCode: '10115', region: null, country: 'DE' };
    const german = { ...initial, country: 'DE', billingAddress: address, taxId: 'DE136695976' };
    const { unmount } = await render(<PersonalInformationForm initial={{ ...german, taxIdRegistration: 'unavailable' }} />);
    expect(screen.getByTestId('personal-tax-id-registration').textContent).toMatch(/Not confirmed: VIES.*did not answer/);
    unmount();
    const registered = await render(<PersonalInformationForm initial={{ ...german, taxIdRegistration: 'registered' }} />);
    expect(screen.getByTestId('personal-tax-id-registration').textContent).toMatch(/^Registered in VIES/);
    registered.unmount();
    await render(<PersonalInformationForm initial={initial} />);
    expect(screen.queryByTestId('personal-tax-id-registration')).toBeNull();
  });
});

describe('personal information: limits and errors from the contract', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes each field’s longest length from the contract', async () => {
    await setup();
    const maxLength = (testId: string) => screen.getByTestId<HTMLInputElement>(testId).maxLength;
    expect(maxLength('personal-name')).toBe(120);
    expect([maxLength('billing-line1'), maxLength('billing-city'), maxLength('billing-postalCode')]).toEqual([200, 100, 20]);
    expect(maxLength('personal-tax-id')).toBe(40);
  });

  it('asks for the rest of a billing address once part of it is typed, focusing the first missing field', async () => {
    const { calls } = await setup();
    fireEvent.change(screen.getByTestId('billing-city'), { target: { value: 'Madrid' } });
    fireEvent.click(screen.getByTestId('personal-save'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('billing-line1')));
    expect(screen.getAllByText('Required for a billing address.')).toHaveLength(3);
    expect(calls.saves).toHaveLength(0);
  });
});
