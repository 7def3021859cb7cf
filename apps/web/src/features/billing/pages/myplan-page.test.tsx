import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { MyPlan } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import MyPlanPage from './myplan-page';

const limits = { profiles: 10, tags: 10, storageBytes: 1_000_000, sendsPerMonth: 1000 };
const price = {
  subtotalCents: 2900,
  taxCents: 609,
  totalCents: 3509,
  taxName: 'IVA 21 %',
  taxRateBasisPoints: 2100,
  taxRule: 'domestic' as const,
};
const plan = (creditBalanceCents: number, seats: MyPlan['seats'] = null): MyPlan => ({
  subscription: {
    id: 'sub',
    status: 'active',
    plan: { id: 'business', code: 'business', name: 'Business', limits },
    periodStart: '2027-03-31T10:00:00.000Z',
    periodEnd: '2027-04-30T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    limits,
    usage: { profiles: 1, tags: 0, storageBytes: 0, sendsThisMonth: 0 },
    addOns: [],
  },
  offer: { id: 'offer', periodName: 'Monthly', months: 1, price },
  seats,
  renewsAt: '2027-04-30T10:00:00.000Z',
  pendingChange: null,
  defaultMethod: null,
  creditBalanceCents,
});

async function show(data: MyPlan) {
  mockApi((url, init) => {
    if ((init?.method ?? 'GET') === 'GET' && url === '/api/user/myplan') return json({ ok: 1, data });
    return new Response('', { status: 404 });
  });
  await render(<MyPlanPage />, { route: '/' });
}

describe('My plan', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the credit balance a plan change left, taken off the next plan invoices', async () => {
    await show(plan(5360));
    expect((await screen.findByTestId('myplan-balance')).textContent).toBe(
      'Credit balance: €53.60 before tax, taken off your next plan invoices.',
    );
  });

  it('says nothing of a balance when there is none', async () => {
    await show(plan(0));
    await screen.findByTestId('myplan-summary');
    expect(screen.queryByTestId('myplan-balance')).toBeNull();
    expect(screen.queryByTestId('myplan-seats')).toBeNull();
  });

  it('shows a per-seat plan’s price per seat, the seats billed and in use, and what the renewal bills', async () => {
    await show(plan(0, { billed: 5, inUse: 4, minSeats: 3, atRenewal: 4 }));
    expect((await screen.findByTestId('myplan-price')).textContent).toBe('€35.09 per seat / month (€29.00 before tax)');
    expect(screen.getByTestId('myplan-seats').textContent).toBe(
      'Seats billed this period: 5, in use now: 4 (minimum 3). The renewal on Apr 30, 2027 bills 4: a removed member’s seat is not refunded, it goes then.',
    );
  });
});
