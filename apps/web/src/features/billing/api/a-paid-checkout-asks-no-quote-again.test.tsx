import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import type { CheckoutQuote, CheckoutResult, SubscriptionData } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { renderHook } from '@/test/render';
import { useCheckout, useCheckoutQuote } from './billing';

const price = {
  subtotalCents: 900,
  taxCents: 189,
  totalCents: 1089,
  taxName: 'IVA 21 %',
  taxRateBasisPoints: 2100,
  taxRule: 'domestic' as const,
};
const quote: CheckoutQuote = {
  kind: 'new',
  lines: [{ description: 'Pro', amountCents: 900 }],
  price,
  periodStart: '2026-11-26T00:00:00.000Z',
  periodEnd: '2026-12-26T00:00:00.000Z',
  missing: [],
  creditToBalanceCents: 0,
  discount: null,
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
const result: CheckoutResult = {
  payment: {
    id: 'pay1',
    amountCents: 1089,
    refundedCents: 0,
    currency: 'EUR',
    status: 'succeeded',
    purpose: 'subscription',
    description: 'Pro',
    methodBrand: 'visa',
    methodLast4: '4242',
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
};

describe('a paid checkout', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does not ask for its quote again: once paid, the server answers that plan with a 409 the open dialog would show in red', async () => {
    let paid = false;
    const mocked = mockApi((url) => {
      if (url === '/api/user/checkout/quote')
        return paid
          ? json({ ok: 0, code: 'subscription.already_on_offer', message: 'You are already on this plan.' }, 409)
          : json({ ok: 1, data: quote });
      if (url === '/api/user/checkout') {
        paid = true;
        return json({ ok: 1, data: result });
      }
      if (url === '/api/datasuscription') return json(subscription);
      return json({ ok: 1, data: [] });
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta in jsdom
    const { result: hook } = await renderHook(() => ({ quote: useCheckoutQuote('offer-pro'), checkout: useCheckout() }));
    await waitFor(() => expect(hook.current.quote.data).toEqual(quote));

    act(() => hook.current.checkout.mutate({ offerId: 'offer-pro', methodId: 'pm1', idempotencyKey: 'key-12345678' }));
    await waitFor(() => expect(hook.current.checkout.isSuccess).toBe(true));

    expect(mocked.calls.filter((call) => call.url === '/api/user/checkout/quote')).toHaveLength(1);
    expect(hook.current.quote.error).toBeNull();
  });
});
