import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Payment, PaymentDetail } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import PaymentPage from './payment-page';

const payment: Payment = {
  id: 'pay-1',
  amountCents: 1089,
  refundedCents: 0,
  currency: 'EUR',
  status: 'requires_action',
  purpose: 'renewal',
  description: 'Pro (Monthly)',
  methodBrand: 'visa',
  methodLast4: '3184',
  failureCode: null,
  failureMessage: null,
  invoiceId: null,
  invoiceNumber: null,
  creditNotes: [],
  refundedAtProviderCents: 0,
  dispute: null,
  createdAt: '2026-11-26T09:00:00.000Z',
};
const waiting: PaymentDetail = {
  payment,
  nextAction: { kind: 'authenticate', provider: 'sandbox', clientSecret: 'sbx_pi_1', publishableKey: null },
  bizum: false,
};
const bizumForm = {
  url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
  fields: { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'eyJ6Ijp0cnVlfQ==', Ds_Signature: 'c2ln' },
};

async function open(
  id: string,
  confirmed: PaymentDetail | { status: number; code: string; message: string },
  shown: PaymentDetail = waiting,
  byBizum?: PaymentDetail,
) {
  const mocked = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url === '/api/user/payments/pay-1') return json({ ok: 1, data: shown });
    if (method === 'POST' && url === '/api/user/payments/pay-1/bizum' && byBizum) return json({ ok: 1, data: byBizum });
    if (method === 'GET' && url.startsWith('/api/user/payments/'))
      return json({ ok: 0, code: 'record.not_found', message: 'Not found.' }, 404);
    if (method === 'POST' && url === '/api/payments/sandbox/payments/sbx_pi_1/authenticate') return json({ ok: 1, data: {} });
    if (method === 'POST' && url === '/api/user/payments/pay-1/confirm')
      return 'status' in confirmed
        ? json({ ok: 0, code: confirmed.code, message: confirmed.message }, confirmed.status)
        : json({ ok: 1, data: confirmed });
    return new Response('', { status: 404 });
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta in jsdom
  const rendered = await render(<PaymentPage />, {
    path: '/user/pagos/:paymentId',
    route: `/user/pagos/${id}`,
    routes: [{ path: '/error-404', element: <p data-testid="not-found-page">Not found</p> }],
  });
  return { mocked, rendered };
}

describe('the payment page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the amount, what for and the status, and after the authentication asks the server to confirm it', async () => {
    const { mocked } = await open('pay-1', { payment: { ...payment, status: 'succeeded' }, nextAction: null, bizum: false });
    expect((await screen.findByTestId('payment-amount')).textContent).toBe('€10.89');
    expect(screen.getByText('Pro (Monthly)')).toBeTruthy();
    expect(screen.getByTestId('payment-status').textContent).toBe('Needs your authentication');
    fireEvent.click(screen.getByTestId('challenge-pass'));
    expect((await screen.findByTestId('payment-done')).textContent).toContain('went through');
    expect(screen.getByTestId('payment-status').textContent).toBe('Paid');
    expect(mocked.calls.filter((c) => c.url === '/api/user/payments/pay-1/confirm')).toHaveLength(1);
  });

  it('says why when the authentication failed', async () => {
    await open('pay-1', { status: 402, code: 'payment.authentication_failed', message: 'The authentication did not succeed.' });
    fireEvent.click(await screen.findByTestId('challenge-fail'));
    expect((await screen.findByTestId('pay-error')).textContent).toContain('The authentication did not succeed.');
  });

  it("is the app's page-not-found for a payment that is not mine", async () => {
    const { rendered } = await open('someone-elses', { payment, nextAction: null, bizum: false });
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/error-404'));
  });

  it('a renewal no card is charged for (emailed link): "Pay with Bizum" asks the server for Redsys’ Bizum page, then leaves for it', async () => {
    const linked: PaymentDetail = { payment: { ...payment, methodBrand: null, methodLast4: null }, nextAction: null, bizum: true };
    const chosen: PaymentDetail = {
      payment: { ...payment, methodBrand: 'bizum', methodLast4: null },
      nextAction: { kind: 'authenticate', provider: 'redsys', clientSecret: JSON.stringify(bizumForm), publishableKey: null },
      bizum: true,
    };
    const { mocked } = await open('pay-1', { status: 500, code: 'x', message: 'x' }, linked, chosen);
    expect((await screen.findByTestId('payment-bizum')).textContent).toContain('never charged automatically');
    expect(screen.queryByTestId('authentication-step')).toBeNull();
    fireEvent.click(screen.getByTestId('payment-pay-bizum'));
    const leave = (await screen.findByTestId('redsys-continue')).closest('form')!;
    expect(leave.getAttribute('action')).toBe(bizumForm.url);
    expect(leave.querySelector<HTMLInputElement>('input[name="Ds_MerchantParameters"]')!.value).toBe('eyJ6Ijp0cnVlfQ==');
    expect(screen.getByText('Pay with Bizum on Redsys’ page')).toBeTruthy();
    // Bizum chosen: no second button to choose it again.
    expect(screen.queryByTestId('payment-pay-bizum')).toBeNull();
    expect(mocked.calls.filter((c) => c.url === '/api/user/payments/pay-1/bizum' && c.init?.method === 'POST')).toHaveLength(1);
  });

  it('offers Bizum beside the bank’s authentication only when the server says it may be used', async () => {
    await open('pay-1', { status: 500, code: 'x', message: 'x' });
    await screen.findByTestId('sandbox-challenge');
    expect(screen.queryByTestId('payment-pay-bizum')).toBeNull();
  });

  it('with Stripe, opens Stripe’s step only once the server made the payment ready for it (an off-session charge confirmed again, on session), asked once', async () => {
    const withStripe: PaymentDetail = {
      ...waiting,
      nextAction: { kind: 'authenticate', provider: 'stripe', clientSecret: 'pi_1_secret_x', publishableKey: 'pk_test_x' },
    };
    let answer: (() => void) | undefined;
    const readied = new Promise<void>((resolve) => (answer = resolve));
    const mocked = mockApi(async (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === '/api/user/payments/pay-1') return json({ ok: 1, data: withStripe });
      if (method === 'POST' && url === '/api/user/payments/pay-1/authenticate') {
        await readied;
        return json({ ok: 1, data: withStripe });
      }
      return new Response('', { status: 404 });
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await render(<PaymentPage />, { path: '/user/pagos/:paymentId', route: '/user/pagos/pay-1' });
    expect((await screen.findByTestId('payment-status')).textContent).toBe('Needs your authentication');
    await waitFor(() => expect(mocked.calls.filter((c) => c.url === '/api/user/payments/pay-1/authenticate')).toHaveLength(1));
    expect(screen.queryByTestId('authentication-step')).toBeNull();
    answer!();
    expect(await screen.findByTestId('authentication-step')).toBeTruthy();
    expect(mocked.calls.filter((c) => c.url === '/api/user/payments/pay-1/authenticate' && c.init?.method === 'POST')).toHaveLength(1);
  });

  it('shows the dispute of the customer’s bank with its status on the payment', async () => {
    const disputed: PaymentDetail = {
      payment: {
        ...payment,
        status: 'succeeded',
        dispute: {
          status: 'under_review',
          reason: 'fraudulent',
          amountCents: 1089,
          evidenceDueBy: null,
          closedAt: null,
          creditNoteNumber: null,
        },
      },
      nextAction: null,
      bizum: false,
    };
    await open('pay-1', disputed, disputed);
    expect((await screen.findByTestId('payment-dispute')).textContent).toBe('Disputed by your bank');
    expect(screen.getByTestId('payment-dispute-detail').textContent).toBe(
      'Your bank disputed €10.89 of this payment. Status: under review.',
    );
  });
});
