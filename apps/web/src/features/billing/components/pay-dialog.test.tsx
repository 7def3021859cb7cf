import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { BillingDetails, CheckoutResult, PaymentMethod, PriceQuote, SubscriptionData } from '@enlaza/contracts';
import { ApiError } from '@/lib/api-error';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import type { PayWith } from '../api/billing';
import { PayDialog } from './pay-dialog';

const card: PaymentMethod = {
  id: 'pm_saved',
  kind: 'card',
  brand: 'visa',
  last4: '3184',
  expMonth: 12,
  expYear: 2039,
  holder: 'Ana López',
  isDefault: true,
  usable: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const missingDetails: BillingDetails = {
  taxId: null,
  taxIdRegistration: null,
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
const subscription: SubscriptionData = {
  id: 's1',
  status: 'active',
  plan: null,
  periodStart: null,
  periodEnd: null,
  cancelAtPeriodEnd: false,
  limits: { profiles: 10, tags: 10, storageBytes: 1, sendsPerMonth: 1 },
  usage: { profiles: 1, tags: 0, storageBytes: 0, sendsThisMonth: 0 },
  addOns: [],
};
const answer = (status: CheckoutResult['payment']['status'], extra: Partial<CheckoutResult> = {}): CheckoutResult => ({
  payment: {
    id: 'pay1',
    amountCents: 1089,
    refundedCents: 0,
    currency: 'EUR',
    status,
    purpose: 'subscription',
    description: 'Pro',
    methodBrand: 'visa',
    methodLast4: '3184',
    failureCode: null,
    failureMessage: null,
    invoiceId: null,
    invoiceNumber: null,
    creditNotes: [],
    refundedAtProviderCents: 0,
    dispute: null,
    createdAt: '2026-11-26T00:00:00.000Z',
  },
  subscription,
  ...extra,
});
const waitsForAuthentication = answer('requires_action', {
  nextAction: { kind: 'authenticate', provider: 'sandbox', clientSecret: 'sbx_pay_1', publishableKey: null },
});

async function setup({
  details = { ...missingDetails, missing: [] },
  missing = [],
  requoted = price,
  pay = vi.fn(async (): Promise<CheckoutResult> => answer('succeeded')),
  provider = { name: 'sandbox', methodKinds: ['card', 'sepa_debit'], bizum: false },
  methods = [card],
}: {
  details?: BillingDetails;
  missing?: BillingDetails['missing'];
  requoted?: PriceQuote;
  pay?: (payWith: PayWith, key: string) => Promise<CheckoutResult>;
  provider?: { name: 'sandbox' | 'redsys'; methodKinds: string[]; bizum: boolean };
  methods?: PaymentMethod[];
} = {}) {
  const mocked = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/user/methods') return json({ ok: 1, data: methods });
    if (method === 'GET' && url === '/api/account/billing') return json({ ok: 1, data: details });
    if (method === 'GET' && url === '/api/user/payment-provider')
      return json({ ok: 1, data: { ...provider, testMode: true, publishableKey: null } });
    if (method === 'PUT' && url === '/api/account/billing')
      return json({ ok: 1, data: { ...details, ...(JSON.parse(init?.body as string) as object), missing: [] } });
    if (method === 'POST' && url === '/api/payments/sandbox/payments/sbx_pay_1/authenticate') return json({ ok: 1, data: {} });
    return new Response('', { status: 404 });
  });
  const onPaid = vi.fn();
  const requote = vi.fn(async () => requoted);
  const payMock = vi.fn(pay);
  await render(
    <PayDialog
      opened
      title="Pro"
      lines={[{ description: 'Pro', amountCents: 900 }]}
      price={price}
      missing={missing}
      requote={requote}
      pay={payMock}
      onPaid={onPaid}
      onClose={() => undefined}
    />,
    {},
  );
  const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
  const fillDetails = () => {
    type('pay-tax-id', 'X1234567L');
    type('billing-line1', 'Calle Mayor 1');
    type('billing-city', 'Madrid');
    type('billing-postalCode', '28013');
  };
  const sent = (method: string, url: string) => mocked.calls.filter((c) => (c.init?.method ?? 'GET') === method && c.url === url);
  return { pay: payMock, onPaid, requote, fillDetails, sent };
}

// The billing address fields (a country picker of every country) take seconds to render in jsdom on a busy machine.
const DETAILS_TEST = { timeout: 20_000 };

describe('the pay dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the missing tax id and address, and one "Pay" saves them, then pays with the saved method', DETAILS_TEST, async () => {
    const { pay, onPaid, fillDetails, sent } = await setup({ details: missingDetails, missing: ['taxId', 'billingAddress'] });
    await screen.findByTestId('pay-billing-details');
    await screen.findByTestId('pay-method-3184');
    // Nothing typed: the fields say what is missing and nothing is sent.
    fireEvent.click(screen.getByTestId('pay-confirm'));
    expect(await screen.findByText('Enter your tax id.')).toBeTruthy();
    expect(sent('PUT', '/api/account/billing')).toHaveLength(0);
    expect(pay).not.toHaveBeenCalled();

    fillDetails();
    fireEvent.click(screen.getByTestId('pay-confirm'));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(pay.mock.calls[0]![0]).toEqual({ methodId: 'pm_saved' });
    const [details] = sent('PUT', '/api/account/billing');
    expect(JSON.parse(details!.init?.body as string)).toEqual({
      taxId: 'X1234567L',
      billingAddress: { line1: 'Calle Mayor 1', line2: null, city: 'Madrid', postalCode: '28013', region: null, country: 'ES' },
    });
  });

  it(
    'shows the new total when the billing details change the VAT, and charges nothing until Pay is pressed again',
    DETAILS_TEST,
    async () => {
      const { pay, requote, fillDetails } = await setup({
        details: missingDetails,
        missing: ['taxId', 'billingAddress'],
        requoted: { ...price, taxCents: 0, totalCents: 900, taxRule: 'eu_reverse_charge' },
      });
      await screen.findByTestId('pay-billing-details');
      await screen.findByTestId('pay-method-3184');
      fillDetails();
      fireEvent.click(screen.getByTestId('pay-confirm'));
      expect((await screen.findByTestId('pay-total-changed')).textContent).toContain('€9.00');
      expect(requote).toHaveBeenCalledTimes(1);
      expect(pay).not.toHaveBeenCalled();
      expect(screen.getByTestId('pay-confirm').textContent).toContain('€9.00');
    },
  );

  it('opens the 3-D Secure challenge for a payment that waits, then repeats the same request with the same key', async () => {
    const answers = [waitsForAuthentication, answer('succeeded')];
    const { pay, onPaid, sent } = await setup({ pay: async () => answers.shift()! });
    await screen.findByTestId('pay-method-3184');
    fireEvent.click(screen.getByTestId('pay-confirm'));

    await screen.findByTestId('sandbox-challenge');
    expect(pay).toHaveBeenCalledTimes(1);
    expect(onPaid).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('challenge-pass'));

    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    const [authenticated] = sent('POST', '/api/payments/sandbox/payments/sbx_pay_1/authenticate');
    expect(JSON.parse(authenticated!.init?.body as string)).toEqual({ result: 'pass' });
    expect(pay).toHaveBeenCalledTimes(2);
    const [first, again] = pay.mock.calls;
    expect(again).toEqual(first);
    expect(first![1]).toMatch(/^web-/);
    expect(onPaid.mock.calls[0]![0]).toMatchObject({ payment: { status: 'succeeded' } });
  });

  it('shows the translated refusal when the authentication fails, and a new attempt gets a new key', async () => {
    const message = 'Your bank did not confirm the payment.';
    const refused = new ApiError({ status: 402, code: 'payment.authentication_failed', message, serverMessage: message });
    const answers: (() => Promise<CheckoutResult>)[] = [
      async () => waitsForAuthentication,
      async () => Promise.reject(refused),
      async () => answer('succeeded'),
    ];
    const { pay, onPaid, sent } = await setup({ pay: () => answers.shift()!() });
    await screen.findByTestId('pay-method-3184');
    fireEvent.click(screen.getByTestId('pay-confirm'));
    fireEvent.click(await screen.findByTestId('challenge-fail'));

    expect((await screen.findByTestId('pay-error')).textContent).toContain('Your bank did not confirm the payment.');
    expect(JSON.parse(sent('POST', '/api/payments/sandbox/payments/sbx_pay_1/authenticate')[0]!.init?.body as string)).toEqual({
      result: 'fail',
    });
    expect(pay.mock.calls[1]![1]).toBe(pay.mock.calls[0]![1]);
    expect(onPaid).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('pay-confirm'));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(pay.mock.calls[2]![1]).not.toBe(pay.mock.calls[0]![1]);
  });

  it('offers Bizum beside the saved cards where the server says it is available, and pays by Bizum on Redsys’ page', async () => {
    const form = {
      url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
      fields: { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'e30=', Ds_Signature: 'c2ln' },
    };
    const toRedsys = answer('requires_action', {
      nextAction: { kind: 'authenticate', provider: 'redsys', clientSecret: JSON.stringify(form), publishableKey: null },
    });
    const { pay, onPaid } = await setup({ provider: { name: 'redsys', methodKinds: ['card'], bizum: true }, pay: async () => toRedsys });
    await screen.findByTestId('pay-method-3184');
    // The saved default card is chosen first; Bizum is one choice more.
    fireEvent.click(screen.getByTestId('pay-method-bizum'));
    fireEvent.click(screen.getByTestId('pay-confirm'));
    await screen.findByTestId('redsys-page-form');
    expect(pay.mock.calls[0]![0]).toEqual({ bizum: true });
    expect(screen.getByText('Pay with Bizum on Redsys’ page')).toBeTruthy();
    const leave = screen.getByTestId('redsys-continue').closest('form')!;
    expect(leave.getAttribute('action')).toBe(form.url);
    expect(leave.querySelector<HTMLInputElement>('input[name="Ds_MerchantParameters"]')!.value).toBe('e30=');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('with no saved card, Bizum is the choice where offered; where it is not, only adding a method is', async () => {
    const { pay } = await setup({ provider: { name: 'redsys', methodKinds: ['card'], bizum: true }, methods: [] });
    const bizum = await screen.findByTestId('pay-method-bizum');
    expect((bizum as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('pay-confirm'));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    expect(pay.mock.calls[0]![0]).toEqual({ bizum: true });
  });

  it('offers no Bizum where the server says it is not available', async () => {
    await setup({ provider: { name: 'redsys', methodKinds: ['card'], bizum: false }, methods: [] });
    await screen.findByTestId('pay-no-method');
    expect(screen.queryByTestId('pay-method-bizum')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('pay-confirm').disabled).toBe(true);
  });

  it('says a SEPA debit is processing and the plan active, and closes on request', async () => {
    const { onPaid } = await setup({ pay: async () => answer('processing') });
    await screen.findByTestId('pay-method-3184');
    fireEvent.click(screen.getByTestId('pay-confirm'));
    expect((await screen.findByTestId('payment-processing')).textContent).toContain('your plan is active now');
    expect(onPaid).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('pay-processing-close'));
    expect(onPaid).toHaveBeenCalledTimes(1);
  });
});
