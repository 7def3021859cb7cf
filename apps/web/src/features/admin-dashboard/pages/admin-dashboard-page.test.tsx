import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminMetrics } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import AdminDashboardPage from './admin-dashboard-page';

const metrics: AdminMetrics = {
  generatedAt: '2026-11-22T10:00:00.000Z',
  users: { total: 1234, active: 1200, newLast30Days: 56 },
  signUps: Array.from({ length: 30 }, (_, i) => ({ day: new Date(Date.UTC(2026, 9, 24 + i)).toISOString().slice(0, 10), count: i % 3 })),
  activeByPlan: [
    { code: 'free', name: 'Free', count: 900 },
    { code: 'pro', name: 'Pro', count: 250 },
  ],
  mrrCents: 406_667,
  revenueByMonth: Array.from({ length: 12 }, (_, i) => ({
    month: new Date(Date.UTC(2025, 11 + i, 1)).toISOString().slice(0, 7),
    netCents: i * 10_000,
  })),
  churn: { startCustomers: 200, churnedCustomers: 5, rate: 0.025 },
  revenueChurn: { startMrrCents: 400_000, churnedMrrCents: 20_000, contractionMrrCents: 7_600, rate: 27_600 / 400_000 },
  latestPayments: [
    {
      id: 'p1',
      createdAt: '2026-11-22T09:00:00.000Z',
      userId: 'u1',
      customerName: 'Ana López',
      customerEmail: 'ana@example.com',
      amountCents: 1089,
      status: 'succeeded',
      purpose: 'renewal',
      invoiceNumber: 'F2026-000009',
    },
  ],
};

async function setup(answer: () => Response | Promise<Response>) {
  mockApi(() => answer());
  await render(<AdminDashboardPage />);
}

describe('admin dashboard', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a loading state, then every figure with its explanation', async () => {
    let release: (r: Response) => void = () => {};
    await setup(() => new Promise<Response>((resolve) => (release = resolve)));
    expect(screen.getByTestId('admin-dashboard-loading')).toBeTruthy();
    release(json({ ok: 1, data: metrics }));
    expect((await screen.findByTestId('metric-users-total')).textContent).toBe('1,234');
    expect(screen.getByTestId('metric-mrr-value').textContent).toBe('€4,066.67');
    expect(screen.getByTestId('metric-churn-value').textContent).toBe('2.5%');
    expect(within(screen.getByTestId('metric-churn')).getByText('Customer churn (30 days)')).toBeTruthy();
    // Revenue churn beside it, with one decimal: (200.00 + 76.00) / 4,000.00 = 6.9 %.
    expect(screen.getByTestId('metric-revenue-churn-value').textContent).toBe('6.9%');
    expect(within(screen.getByTestId('metric-revenue-churn')).getByText('€276.00 of €4,000.00 MRR lost')).toBeTruthy();
    expect(screen.getByTestId('help-revenue-churn').getAttribute('aria-description')).toMatch(/^Gross MRR churn/);
    expect(within(screen.getByTestId('metric-by-plan')).getByText('Pro')).toBeTruthy();
    expect(within(screen.getByTestId('latest-payments')).getByText('F2026-000009')).toBeTruthy();
    // Each figure carries its definition, for the tooltip and for screen readers.
    const mrrHelp = screen.getByTestId('help-mrr');
    expect(mrrHelp.getAttribute('aria-description')).toMatch(/billed for its plan on its latest invoice, an annual amount divided by 12/);
    fireEvent.focus(mrrHelp);
    expect((await screen.findAllByText(/annual amount divided by 12/)).length).toBeGreaterThan(0);
    // The charts' numbers are also a table (the text alternative of the picture).
    const revenue = await screen.findByTestId('revenue-chart');
    expect(within(revenue).getByText('Net revenue before tax per month')).toBeTruthy();
    expect(within(revenue).getAllByRole('row')).toHaveLength(13);
    // A month is named with its whole year ("Dec 25" would read as the 25th of December).
    expect(within(revenue).getByText('Dec 2025')).toBeTruthy();
  });

  it('says there is nothing to draw instead of drawing empty charts', async () => {
    const quiet: AdminMetrics = {
      ...metrics,
      signUps: metrics.signUps.map((d) => ({ ...d, count: 0 })),
      revenueByMonth: metrics.revenueByMonth.map((r) => ({ ...r, netCents: 0 })),
      revenueChurn: { startMrrCents: 0, churnedMrrCents: 0, contractionMrrCents: 0, rate: null },
    };
    await setup(() => json({ ok: 1, data: quiet }));
    expect((await screen.findByTestId('signups-empty')).textContent).toBe('No sign-ups in these 30 days.');
    expect(screen.getByTestId('revenue-empty').textContent).toBe('No invoiced revenue in these 12 months.');
    expect(screen.queryByTestId('signups-chart')).toBeNull();
    expect(screen.queryByTestId('revenue-chart')).toBeNull();
    // No MRR 30 days ago: no rate to give.
    expect(screen.getByTestId('metric-revenue-churn-value').textContent).toBe('—');
  });

  it('says so when the figures cannot be loaded, and retries', async () => {
    await setup(() => json({ ok: 0, code: 'internal', message: 'Something went wrong.' }, 500));
    expect(await screen.findByText('The figures could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
