import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminSubscriptionDetail, AdminSubscriptionSummary } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import AdminSubscriptionsPage from './admin-subscriptions-page';

const summary: AdminSubscriptionSummary = {
  id: '0b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e',
  user: { id: '1b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e', name: 'Ana López', email: 'ana@example.com' },
  plan: { code: 'pro', name: 'Pro' },
  period: { code: 'monthly', name: 'Monthly', months: 1 },
  status: 'active',
  currentPeriodStart: '2026-11-01T00:00:00.000Z',
  currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  priceCents: 900,
  seats: null,
  createdAt: '2026-10-01T00:00:00.000Z',
};
const detail: AdminSubscriptionDetail = {
  ...summary,
  history: [
    {
      id: 'e1',
      kind: 'renewed',
      detail: { invoiceNumber: 'F2026-000009', amountCents: 1089 },
      actorId: null,
      at: '2026-11-01T00:00:00.000Z',
    },
  ],
  payments: [
    {
      id: 'p1',
      createdAt: '2026-11-01T00:00:00.000Z',
      amountCents: 1089,
      status: 'succeeded',
      purpose: 'renewal',
      invoiceNumber: 'F2026-000009',
      disputesRecordedHere: false,
      dispute: {
        id: 'd1',
        status: 'needs_response',
        reason: 'fraudulent',
        amountCents: 1089,
        evidenceDueBy: '2026-11-08T00:00:00.000Z',
        closedAt: null,
        creditNoteNumber: null,
      },
    },
  ],
  invoices: [{ id: 'i1', number: 'F2026-000009', issuedAt: '2026-11-01T00:00:00.000Z', totalCents: 1089, kind: 'invoice' }],
};

async function setup(answer: (url: string, init?: RequestInit) => Response | Promise<Response>, path = '/admin/suscripcions') {
  const { calls } = mockApi((url, init) => {
    if (url.startsWith('/api/admin/plans') || url.startsWith('/api/admin/billing-periods')) return json({ ok: 1, data: [] });
    return answer(url, init);
  });
  const { router } = await render(<AdminSubscriptionsPage />, {
    path: '/admin/suscripcions',
    route: path,
  });
  return { calls, router };
}

const clockOff = () => json({ ok: 0, code: 'test_clock.disabled', message: 'off' }, 404);
const list = (data: AdminSubscriptionSummary[], nextCursor: string | null = null) => json({ ok: 1, data, meta: { nextCursor } });

describe('Suscripcions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists subscriptions, filters through the URL and loads the next keyset page', async () => {
    const { calls, router } = await setup((url) => {
      if (url.startsWith('/api/admin/test-clock')) return clockOff();
      if (url.includes('before=next'))
        return list([{ ...summary, id: '9b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e', user: { ...summary.user, name: 'Bea Ruiz' } }]);
      return list([summary], 'next');
    });
    expect((await screen.findAllByText('Ana López')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('test-clock-card')).toBeNull();
    // The price is written per period from the period's length, as everywhere else.
    expect(screen.getAllByText('€9.00 / month').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('subscriptions-load-more'));
    expect((await screen.findAllByText('Bea Ruiz')).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByTestId('subscriptions-filter-q'), { target: { value: 'ana' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=ana'));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/admin/subscriptions?') && c.url.includes('q=ana'))).toBe(true));
  });

  it('shows a per-seat subscription’s price per seat and the seats it is billed, in the list and the detail', async () => {
    const perSeat = { ...summary, priceCents: 1200, seats: 5 };
    const history = [
      {
        id: 's1',
        kind: 'seats_added' as const,
        detail: { fromSeats: 2, seats: 5, amountCents: 1815 },
        actorId: null,
        at: '2026-11-10T00:00:00.000Z',
      },
    ];
    await setup((url) => {
      if (url.startsWith('/api/admin/test-clock')) return clockOff();
      if (url.startsWith(`/api/admin/subscriptions/${summary.id}`)) return json({ ok: 1, data: { ...detail, ...perSeat, history } });
      return list([perSeat]);
    }, `/admin/suscripcions?open=${summary.id}`);
    const drawer = await screen.findByTestId('subscription-history');
    expect(within(drawer).getByText('Seats added')).toBeTruthy();
    expect(within(drawer).getByText('seats 2 → 5 · €18.15')).toBeTruthy();
    expect(screen.getByTestId('subscription-price').textContent).toBe('Pro · €12.00 per seat / month · 5 seats billed');
    expect(screen.getAllByText('€12.00 per seat / month').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toContain('Seats');
  });

  it('shows the empty state', async () => {
    await setup((url) => (url.startsWith('/api/admin/test-clock') ? clockOff() : list([])));
    expect(await screen.findByTestId('subscriptions-table-empty')).toBeTruthy();
  });

  it('opens the detail with its history, payments and invoices, and extends it with a reason', async () => {
    let current = detail;
    const { calls } = await setup((url, init) => {
      if (url.startsWith('/api/admin/test-clock')) return clockOff();
      if (url.endsWith('/extend') && init?.method === 'POST') {
        current = {
          ...detail,
          currentPeriodEnd: '2026-12-08T00:00:00.000Z',
          history: [
            ...detail.history,
            { id: 'e2', kind: 'extended', detail: { days: 7, reason: 'Outage' }, actorId: 'a', at: '2026-11-20T00:00:00.000Z' },
          ],
        };
        return json({ ok: 1, data: current });
      }
      if (url.startsWith(`/api/admin/subscriptions/${summary.id}`)) return json({ ok: 1, data: current });
      return list([summary]);
    }, `/admin/suscripcions?open=${summary.id}`);
    const drawer = await screen.findByTestId('subscription-history');
    expect(within(drawer).getByText('Renewed')).toBeTruthy();
    expect(within(screen.getByTestId('subscription-invoices')).getByText('F2026-000009')).toBeTruthy();
    // The payment's dispute: its state, the bank's reason, the amount and when Stripe wants the answer.
    expect(within(screen.getByTestId('subscription-payments')).getByTestId('payment-dispute').textContent).toBe(
      'Disputed: needs a response · fraudulent · €10.89. Answer in Stripe by Nov 8, 2026.',
    );
    expect(screen.getByTestId('subscription-price').textContent).toBe('Pro · €9.00 / month');
    fireEvent.click(screen.getByTestId('subscription-extend'));
    const dialog = await screen.findByTestId('subscription-change-dialog');
    expect((await within(dialog).findByTestId<HTMLButtonElement>('change-submit')).disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('change-reason'), { target: { value: 'Outage' } });
    fireEvent.click(within(dialog).getByTestId('change-submit'));
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/extend') && c.init?.body === JSON.stringify({ days: 7, reason: 'Outage' }))).toBe(true),
    );
    expect(await screen.findByText('Period extended')).toBeTruthy();
    expect(screen.getByText('The period was extended.')).toBeTruthy();
  });

  it('records a bank’s chargeback on a payment whose provider reports none, then closes it as lost after a confirmation', async () => {
    const taken = { ...detail.payments[0]!, disputesRecordedHere: true, dispute: null };
    const open = {
      id: 'd2',
      status: 'needs_response' as const,
      reason: 'duplicate',
      amountCents: 500,
      evidenceDueBy: '2026-12-20T23:59:59.000Z',
      closedAt: null,
      creditNoteNumber: null,
    };
    let current: AdminSubscriptionDetail = { ...detail, payments: [taken] };
    const { calls } = await setup((url, init) => {
      if (url.startsWith('/api/admin/test-clock')) return clockOff();
      if (url === '/api/admin/payments/p1/disputes' && init?.method === 'POST') {
        current = { ...detail, payments: [{ ...taken, dispute: open }] };
        return json({ ok: 1, data: open });
      }
      if (url === '/api/admin/disputes/d2/close' && init?.method === 'POST') {
        const lost = { ...open, status: 'lost' as const, closedAt: '2026-11-25T00:00:00.000Z', creditNoteNumber: 'R2026-000003' };
        current = { ...detail, payments: [{ ...taken, dispute: lost }] };
        return json({ ok: 1, data: lost });
      }
      if (url.startsWith(`/api/admin/subscriptions/${summary.id}`)) return json({ ok: 1, data: current });
      return list([summary]);
    }, `/admin/suscripcions?open=${summary.id}`);

    fireEvent.click(await screen.findByTestId('chargeback-record'));
    const form = await screen.findByTestId('chargeback-form');
    // Nothing typed for the reference: refused here, nothing sent.
    fireEvent.click(within(form).getByTestId('chargeback-submit'));
    expect(await within(form).findByText("Type the bank's reference.")).toBeTruthy();
    fireEvent.change(within(form).getByTestId('chargeback-reference'), { target: { value: 'RET-7' } });
    fireEvent.change(within(form).getByTestId('chargeback-amount'), { target: { value: '5' } });
    fireEvent.change(within(form).getByTestId('chargeback-due-by'), { target: { value: '2026-12-20' } });
    fireEvent.click(within(form).getByTestId('chargeback-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/admin/payments/p1/disputes')?.init?.body).toBe(
        JSON.stringify({ reference: 'RET-7', amountCents: 500, reason: 'fraudulent', evidenceDueBy: '2026-12-20' }),
      ),
    );
    expect(await screen.findByText(/Answer your bank by Dec 20, 2026/)).toBeTruthy();

    fireEvent.click(await screen.findByTestId('chargeback-lost'));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(within(confirm).getByText(/a credit note for €5.00 is issued/)).toBeTruthy();
    fireEvent.click(within(confirm).getByTestId('confirm-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/admin/disputes/d2/close')?.init?.body).toBe(JSON.stringify({ outcome: 'lost' })),
    );
    expect(await screen.findByText(/Credit note R2026-000003/)).toBeTruthy();
    expect(screen.queryByTestId('chargeback-lost')).toBeNull();
    expect(calls.filter((c) => c.url === '/api/admin/payments/p1/disputes')).toHaveLength(1);
  });

  it('shows the test clock when enabled and advances it with a progress state and the result', async () => {
    let release: () => void = () => {};
    const { calls } = await setup((url, init) => {
      if (url === '/api/admin/test-clock/advance' && init?.method === 'POST') {
        return new Promise<Response>((resolve) => {
          release = () =>
            resolve(
              json({
                ok: 1,
                data: {
                  enabled: true,
                  now: '2026-12-22T00:00:00.000Z',
                  offsetSeconds: 2_592_000,
                  ran: { renewed: 3, failed: 1, reminded: 2, expired: 0, cancelled: 1 },
                },
              }),
            );
        });
      }
      if (url === '/api/admin/test-clock')
        return json({ ok: 1, data: { enabled: true, now: '2026-11-22T00:00:00.000Z', offsetSeconds: 0 } });
      return list([summary]);
    });
    const card = await screen.findByTestId('test-clock-card');
    fireEvent.click(within(card).getByTestId('test-clock-advance'));
    expect(await within(card).findByText(/Advancing the clock/)).toBeTruthy();
    expect(calls.find((c) => c.url === '/api/admin/test-clock/advance')?.init?.body).toBe(JSON.stringify({ days: 30 }));
    release();
    const result = await within(card).findByTestId('test-clock-result');
    expect(within(result).getByText('Renewed').nextSibling?.textContent).toBe('3');
    expect(within(card).getByTestId('test-clock-now').textContent).toMatch(/2026/);
  });
});
