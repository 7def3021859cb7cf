import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DashboardCampaign } from '@enlaza/contracts';
import { render } from '@/test/render';
import { LatestCampaignsCard } from './latest-campaigns-card';

const figures = (recipients: number, pending: number, sent: number) => ({
  recipients,
  pending,
  sent,
  failed: 0,
  bounced: 0,
  skipped: 0,
  opened: 0,
  clicked: 0,
  unsubscribed: 0,
  totalOpens: 0,
  totalClicks: 0,
  machineOpens: 0,
  machineClicks: 0,
});
const sending: DashboardCampaign = {
  id: '0b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e',
  name: 'Autumn news',
  state: 'sending',
  createdAt: '2026-11-22T10:00:00.000Z',
  figures: figures(200, 50, 150),
};
const draft: DashboardCampaign = {
  id: '1b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e',
  name: 'Winter sale',
  state: 'draft',
  createdAt: '2026-11-21T10:00:00.000Z',
  figures: figures(0, 0, 0),
};

async function show(campaigns: DashboardCampaign[] | undefined) {
  await render(<LatestCampaignsCard campaigns={campaigns} />, { path: '/user/dashboard' });
}

describe('LatestCampaignsCard', () => {
  it('shows each campaign with its state, its progress once it has recipients, and a link to it', async () => {
    await show([sending, draft]);
    const rows = screen.getAllByTestId('latest-campaign');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.getAttribute('href')).toBe(`/user/campanas?id=${sending.id}`);
    expect(within(rows[0]!).getByText('Autumn news')).toBeTruthy();
    expect(within(rows[0]!).getByTestId('campaign-state').getAttribute('data-state')).toBe('sending');
    expect(within(rows[0]!).getByTestId('campaign-progress').getAttribute('data-percent')).toBe('75');
    expect(within(rows[0]!).getByText('150 of 200 recipients done (75 %)')).toBeTruthy();
    expect(within(rows[1]!).getByTestId('campaign-state').getAttribute('data-state')).toBe('draft');
    // One named progressbar per campaign with recipients (axe's aria-progressbar-name): no unnamed
    // wrapper, and no "0 of 0" bar for a draft.
    expect(screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'))).toEqual(['150 of 200 recipients done (75 %)']);
    expect(within(rows[1]!).queryByTestId('campaign-progress')).toBeNull();
    expect(screen.queryByTestId('campaigns-empty')).toBeNull();
  });

  it('has an empty state that leads to Campañas', async () => {
    await show([]);
    const empty = screen.getByTestId('campaigns-empty');
    expect(within(empty).getByRole('link', { name: 'Create a campaign' }).getAttribute('href')).toBe('/user/campanas');
  });

  it('shows skeletons while loading', async () => {
    await show(undefined);
    expect(screen.getByTestId('dashboard-campaigns').querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});
