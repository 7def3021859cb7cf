import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { PlanAdmin } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import AdminPlansPage from './admin-plans-page';

const plan: PlanAdmin = {
  id: '3b7f0c3e-8a51-4f0e-9d6b-1c2a3e4f5a6b',
  name: 'Pro',
  names: { en: 'Pro', es: '', jp: '' },
  descriptions: { en: '', es: '', jp: '' },
  active: true,
  uses: 1234,
  running: 56,
  code: 'pro',
  maxProfiles: 3,
  maxTags: 3,
  storageBytes: 1024,
  sendsPerMonth: 500,
  customDomains: 3,
  sortOrder: 5,
  isFree: false,
};

describe('the admin plans', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("show each plan's running subscriptions, the dashboard's figure, not every record that points at it", async () => {
    mockApi(() => json({ ok: 1, data: [plan] }));
    await render(<AdminPlansPage />, { route: '/admin/plans' });
    const header = await screen.findByRole('columnheader', { name: 'Running subscriptions' });
    const row = screen.getByRole('row', { name: /pro/ });
    const column = [...header.parentElement!.children].indexOf(header);
    expect(row.children[column]?.textContent).toBe('56');
    expect(screen.queryByRole('cell', { name: '1,234' })).toBeNull();
  });

  it('show how many custom domains each plan allows', async () => {
    mockApi(() => json({ ok: 1, data: [plan] }));
    await render(<AdminPlansPage />, { route: '/admin/plans' });
    const header = await screen.findByRole('columnheader', { name: 'Custom domains' });
    const row = screen.getByRole('row', { name: /pro/ });
    const column = [...header.parentElement!.children].indexOf(header);
    expect(row.children[column]?.textContent).toBe('3');
  });
});
