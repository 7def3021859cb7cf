import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BillingDetails, PaymentMethod, PriceQuote } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { PayDialog } from './pay-dialog';

const card: PaymentMethod = {
  id: 'pm_new',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2039,
  holder: 'Ana López',
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const missingDetails: BillingDetails = {
  taxId: null,
  billingAddress: null,
  country: 'ES',
  requiresTaxId: true,
  missing: ['taxId', 'billingAddress'],
};
const price: PriceQuote = {
  subtotalCents: 900,
  taxCents: 189,
  totalCents: 1089,
  taxName: 'IVA 21 %',
  taxRateBasisPoints: 2100,
  taxRule: 'domestic',
};

async function setup(requoted: PriceQuote) {
  const mocked = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/user/methods') return json({ ok: 1, data: [] });
    if (method === 'GET' && url === '/api/account/billing') return json({ ok: 1, data: missingDetails });
    if (method === 'GET' && url === '/api/user/payment-provider') return json({ ok: 1, data: { name: 'sandbox', testMode: true } });
    if (method === 'PUT' && url === '/api/account/billing')
      return json({ ok: 1, data: { ...missingDetails, ...(JSON.parse(init?.body as string) as object), missing: [] } });
    if (method === 'POST' && url === '/api/user/methods') return json({ ok: 1, data: card });
    return new Response('', { status: 404 });
  });
  const onPay = vi.fn();
  const requote = vi.fn(async () => requoted);
  await render(
    <PayDialog
      opened
      title="Pro"
      lines={[{ description: 'Pro', amountCents: 900 }]}
      price={price}
      missing={['taxId', 'billingAddress']}
      requote={requote}
      paying={false}
      payError={null}
      onPay={onPay}
      onClose={() => undefined}
    />,
    {},
  );
  const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
  const fillAll = () => {
    type('pay-tax-id', 'X1234567L');
    type('billing-line1', 'Calle Mayor 1');
    type('billing-city', 'Madrid');
    type('billing-postalCode', '28013');
    type('card-number', '4242 4242 4242 4242');
    type('card-expiry', '12/39');
    type('card-cvc', '123');
    type('card-holder', 'Ana López');
  };
  const sent = (method: string, url: string) => mocked.calls.filter((c) => (c.init?.method ?? 'GET') === method && c.url === url);
  return { onPay, requote, fillAll, sent };
}

describe('the pay dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the missing tax id and address, and one "Pay" saves them and the new card, then pays with that card', async () => {
    const { onPay, fillAll, sent } = await setup(price);
    await screen.findByTestId('pay-billing-details');
    expect((await screen.findByTestId('test-cards')).textContent).toContain('4242 4242 4242 4242');
    // Nothing typed: the fields say what is missing and nothing is sent.
    fireEvent.click(screen.getByTestId('pay-confirm'));
    expect(await screen.findByText('Enter your tax id.')).toBeTruthy();
    expect(sent('PUT', '/api/account/billing')).toHaveLength(0);
    expect(onPay).not.toHaveBeenCalled();

    fillAll();
    fireEvent.click(screen.getByTestId('pay-confirm'));
    await waitFor(() => expect(onPay).toHaveBeenCalledTimes(1));
    expect(onPay.mock.calls[0]![0]).toBe('pm_new');
    const [details] = sent('PUT', '/api/account/billing');
    expect(JSON.parse(details!.init?.body as string)).toEqual({
      taxId: 'X1234567L',
      billingAddress: { line1: 'Calle Mayor 1', line2: null, city: 'Madrid', postalCode: '28013', region: null, country: 'ES' },
    });
    expect(sent('POST', '/api/user/methods')).toHaveLength(1);
  });

  it('shows the new total when the billing details change the VAT, and charges nothing until Pay is pressed again', async () => {
    const { onPay, requote, fillAll } = await setup({ ...price, taxCents: 0, totalCents: 900, taxRule: 'eu_reverse_charge' });
    await screen.findByTestId('pay-billing-details');
    fillAll();
    fireEvent.click(screen.getByTestId('pay-confirm'));
    expect((await screen.findByTestId('pay-total-changed')).textContent).toContain('€9.00');
    expect(requote).toHaveBeenCalledTimes(1);
    expect(onPay).not.toHaveBeenCalled();
    expect(screen.getByTestId('pay-confirm').textContent).toContain('€9.00');
  });
});
