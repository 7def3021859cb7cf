import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { startSession } from '@/lib/session';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import type { CurrentUser } from '@enlaza/contracts';
import { AppShellLayout } from './app-shell-layout';
import { userNavigation } from './navigation';

const CARD = '44444444-4444-4444-8444-444444444444';

const USER: CurrentUser = {
  id: 'u1',
  name: 'Ana Pérez',
  alias: 'ana',
  codigo: 'C1',
  email: 'ana@example.com',
  roll: 'user',
  perfil_id: CARD,
  created_at: '2031-03-01',
};

/** The user area's menu in the signed-in shell (the session an admin's, so the shell opens no notification stream). */
async function openAt(route: string) {
  startSession('token', { ...USER, roll: 'admin' });
  mockApi(() => json({ ok: 1, data: [] }));
  await render(
    <AppShellLayout areaKey="common:areas.user" navigation={userNavigation(USER)} homePath="/user/dashboard" comingSoon={new Set()} />,
    {
      route,
      path: '/user/*',
    },
  );
  return screen.getByRole('navigation');
}
/** The entries a person can see and reach: links not inside a closed group. */
const shownLinks = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the user area’s menu', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined)); // no CSRF meta in jsdom
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a newcomer the few places that matter, and the rest as groups one level down, closed', async () => {
    const nav = await openAt('/user/dashboard');
    expect(shownLinks(nav)).toEqual(['Dashboard', 'My card', 'Mailbox', 'Campaigns']);
    const groups = within(nav).getAllByRole('button', { expanded: false });
    expect(groups.map((group) => group.textContent)).toEqual(['Cards', 'Smart tags', 'Communication', 'Files and activity', 'Settings']);
  });

  it('opens a group where it stands, its entries next in the reading order', async () => {
    const nav = await openAt('/user/dashboard');
    fireEvent.click(within(nav).getByRole('button', { name: 'Settings' }));
    expect(within(nav).getByRole('button', { name: 'Settings' }).getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(shownLinks(nav).slice(-2)).toEqual(['Options', 'Account']));
  });

  it('keeps the group of the current page open, its entry marked current', async () => {
    const nav = await openAt('/user/plantillas');
    expect(within(nav).getByRole('button', { name: 'Communication' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Templates' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Cards' }).getAttribute('aria-expanded')).toBe('false');
  });
});
