import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { CustomDomain } from '@enlaza/contracts';
import { publicLink } from '@/lib/public-url';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { TEAM } from '../test/fixtures';
import { DirectoryPanel } from './directory-panel';

const DOMAIN: CustomDomain = {
  id: '11111111-1111-4111-8111-111111111111',
  host: 'team.acme.com',
  target: { kind: 'team', id: TEAM.id, name: TEAM.name },
  status: 'verified',
  records: [],
  url: 'https://team.acme.com/',
  checkedAt: '2031-03-14T10:30:00.000Z',
  verifiedAt: '2031-03-14T10:30:00.000Z',
  createdAt: '2031-03-14T09:00:00.000Z',
};

describe('the team directory’s link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the verified custom domain’s for the team’s owner, with the way to the custom domains', async () => {
    mockApi(() => json({ ok: 1, data: { domains: [DOMAIN], limit: 3 } }));
    await render(<DirectoryPanel team={{ ...TEAM, directoryEnabled: true }} owner />, { route: '/user/equipo?tab=directorio' });
    await waitFor(() => expect(screen.getByTestId('team-directory-link').textContent).toBe('https://team.acme.com/'));
    expect(screen.getByText('Its link uses your domain team.acme.com.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage custom domains' }).getAttribute('href')).toBe('/user/dominios');
  });

  it('stays on PUBLIC_URL for a team admin, who manages no domain and asks for none', async () => {
    const mocked = mockApi(() => json({ ok: 1, data: { domains: [DOMAIN], limit: 3 } }));
    await render(<DirectoryPanel team={{ ...TEAM, directoryEnabled: true }} owner={false} />, { route: '/user/equipo?tab=directorio' });
    expect(screen.getByTestId('team-directory-link').textContent).toBe(publicLink(TEAM.directoryPath));
    expect(screen.queryByTestId('team-directory-custom-domain')).toBeNull();
    expect(mocked.calls).toHaveLength(0);
  });
});
