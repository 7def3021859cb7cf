import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Payment } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import PagosPage from './pagos-page';

const base: Payment = {
  id: 'pay-paid',
  amountCents: 1089,
  refundedCents: 0,
  currency: 'EUR',
  status: 'succeeded',
  purpose: 'subscription',
  description: 'Pro (Monthly)',
  methodBrand: 'visa',
  methodLast4: '4242',
  failureCode: null,
  failureMessage: null,
  invoiceId: null,
  invoiceNumber: null,
  creditNotes: [],
  refundedAtProviderCents: 0,
  dispute: null,
  createdAt: '2026-11-26T09:00:00.000Z',
};
const payments: Payment[] = [
  { ...base, id: 'pay-waiting', status: 'requires_action', methodLast4: '3184' },
  { ...base, id: 'pay-debit', status: 'processing', methodBrand: 'sepa_debit', methodLast4: '3000' },
  { ...base, id: 'pay-refunded', status: 'partially_refunded', refundedCents: 500 },
];

describe('Pagos', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says which payment needs the customer (with a link to its page), which debit is processing, and keeps the refunds', async () => {
    mockApi((url) => (url === '/api/user/pagos' ? json({ ok: 1, data: payments }) : new Response('', { status: 404 })));
    await render(<PagosPage />, { route: '/user/pagos' });
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows.map((row) => within(row).getByTestId('payment-status').textContent)).toEqual([
      'Needs your authentication',
      'Processing',
      'Partly refunded',
    ]);
    expect(within(rows[0]!).getByTestId('payment-authenticate').getAttribute('href')).toBe('/user/pagos/pay-waiting');
    expect(within(rows[1]!).queryByTestId('payment-authenticate')).toBeNull();
    expect(rows[1]!.textContent).toContain('SEPA Direct Debit •••• 3000');
  });

  it('names Bizum as the way a payment was paid (no card, no last four)', async () => {
    const bizum: Payment = { ...base, id: 'pay-bizum', methodBrand: 'bizum', methodLast4: null };
    mockApi((url) => (url === '/api/user/pagos' ? json({ ok: 1, data: [bizum] }) : new Response('', { status: 404 })));
    await render(<PagosPage />, { route: '/user/pagos' });
    const [row] = await screen.findAllByTestId('payment-row');
    expect(row!.textContent).toContain('Bizum');
    expect(row!.textContent).not.toContain('•••• ');
  });

  it('links a renewal no card was charged for to its page to pay it', async () => {
    const waiting: Payment = {
      ...base,
      id: 'pay-link',
      purpose: 'renewal',
      status: 'requires_action',
      methodBrand: null,
      methodLast4: null,
    };
    mockApi((url) => (url === '/api/user/pagos' ? json({ ok: 1, data: [waiting] }) : new Response('', { status: 404 })));
    await render(<PagosPage />, { route: '/user/pagos' });
    const link = await screen.findByTestId('payment-authenticate');
    expect([link.textContent, link.getAttribute('href')]).toEqual(['Pay it now', '/user/pagos/pay-link']);
  });

  it('says which payment the bank disputed, how the dispute ended, and what was refunded through the payment provider', async () => {
    const dispute = { reason: 'fraudulent', amountCents: 1089, evidenceDueBy: null, closedAt: null, creditNoteNumber: null };
    const outside: Payment[] = [
      { ...base, id: 'pay-disputed', dispute: { ...dispute, status: 'under_review', evidenceDueBy: '2026-12-01T00:00:00.000Z' } },
      { ...base, id: 'pay-won', dispute: { ...dispute, status: 'won', closedAt: '2026-12-02T00:00:00.000Z' } },
      {
        ...base,
        id: 'pay-lost',
        dispute: { ...dispute, status: 'lost', closedAt: '2026-12-02T00:00:00.000Z', creditNoteNumber: 'R2026-000001' },
      },
      { ...base, id: 'pay-dashboard', status: 'partially_refunded', refundedCents: 500, refundedAtProviderCents: 500 },
    ];
    mockApi((url) => (url === '/api/user/pagos' ? json({ ok: 1, data: outside }) : new Response('', { status: 404 })));
    await render(<PagosPage />, { route: '/user/pagos' });
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows.map((row) => within(row).queryByTestId('payment-dispute')?.textContent ?? null)).toEqual([
      'Disputed by your bank',
      'Dispute closed: kept',
      'Dispute closed: returned to you',
      null,
    ]);
    expect(within(rows[3]!).getByTestId('payment-refunded-at-provider').textContent).toBe('€5.00 refunded through the payment provider');
    expect(within(rows[0]!).queryByTestId('payment-refunded-at-provider')).toBeNull();
  });
});
