import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, mockApi, type MockedCall } from '@/test/mock-api';
import { render } from '@/test/render';
import { member, mine, ok, TEAM, TEMPLATE, userId } from '../test/fixtures';
import TeamPage from './team-page';

const bodyOf = (call: MockedCall | undefined) => JSON.parse(call?.init?.body as string) as unknown;
const calls = (list: MockedCall[], method: string, path: string) =>
  list.filter((c) => (c.init?.method ?? 'GET') === method && new URL(c.url, 'http://x').pathname === path);

const open = (url = '/user/equipo') => render(<TeamPage />, { path: '/user/equipo', route: url });

describe('the Team page', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined)); // no CSRF meta in jsdom
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts a team from nothing: the alias proposed from the name and checked, then the new team shown', async () => {
    let created = false;
    const mocked = mockApi((url, init) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/register/alias') {
        const alias = new URL(url, 'http://x').searchParams.get('alias') ?? '';
        return json(ok({ alias, valid: true, available: true, suggestion: alias }));
      }
      if (path === '/api/team' && init?.method === 'POST') {
        created = true;
        return json(ok(mine('owner')), 201);
      }
      if (path === '/api/team') return json(ok(created ? mine('owner') : null));
      return json(ok([]));
    });
    await open();
    expect(await screen.findByTestId('team-start')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('team-name'), { target: { value: 'Acme Sales' } });
    expect(screen.getByTestId<HTMLInputElement>('team-alias').value).toBe('acme-sales');
    expect(await screen.findByTestId('team-alias-available')).toBeTruthy();
    fireEvent.change(screen.getByTestId('team-website'), { target: { value: 'acme.example' } });
    fireEvent.click(screen.getByTestId('team-save'));
    await waitFor(() => expect(calls(mocked.calls, 'POST', '/api/team')).toHaveLength(1));
    expect(bodyOf(calls(mocked.calls, 'POST', '/api/team')[0])).toMatchObject({
      name: 'Acme Sales',
      alias: 'acme-sales',
      website: 'https://acme.example',
      address: null,
      color: '#12b886',
    });
    expect((await screen.findByTestId('team-title')).textContent).toBe('Acme Sales');
    expect(screen.getByTestId('team-tab-datos')).toBeTruthy();
  });

  it('puts a refused alias on its field with the free suggestion', async () => {
    mockApi((url, init) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/register/alias') return json(ok({ alias: 'acme', valid: true, available: false, suggestion: 'acme-2' }));
      if (path === '/api/team' && init?.method === 'POST')
        return json(
          { ok: 0, code: 'account.alias_taken', message: 'That alias is taken.', errors: { alias: ['That alias is taken.'] } },
          409,
        );
      return json(ok(null));
    });
    await open();
    fireEvent.change(await screen.findByTestId('team-name'), { target: { value: 'Acme' } });
    expect(await screen.findByTestId('team-alias-suggestion')).toBeTruthy();
    fireEvent.click(screen.getByTestId('team-save'));
    expect(await screen.findByText('That alias is taken.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('team-alias')));
  });

  it('lists the members for the owner and removes one keeping or retiring the card, as chosen', async () => {
    const mocked = mockApi((url, init) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/team') return json(ok(mine('owner')));
      if (path === '/api/team/members' && (init?.method ?? 'GET') === 'GET') return json(ok([member(1), member(2, { jobTitle: 'Sales' })]));
      if (path === `/api/team/members/${userId(2)}`) return json(ok({}));
      return json(ok([]));
    });
    await open();
    await screen.findByTestId('team-members-table');
    // The table (the phone's cards repeat it): the owner cannot be removed; the member can.
    const table = screen.getByRole('table', { name: 'Members of the team' });
    expect(within(table).getAllByTestId('data-row')).toHaveLength(2);
    expect(within(table).getAllByTestId('member-remove')).toHaveLength(1);
    fireEvent.click(within(table).getByRole('button', { name: 'Remove Person 2 from the team' }));
    expect(await screen.findByText('Remove Person 2?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('remove-retire'));
    fireEvent.click(screen.getByTestId('remove-member-confirm'));
    const removed = () => calls(mocked.calls, 'DELETE', `/api/team/members/${userId(2)}`);
    await waitFor(() => expect(removed()).toHaveLength(1));
    expect(bodyOf(removed()[0])).toEqual({ card: 'retire' });
  });

  it('reassigns a card the team keeps to any active member (one who had a card gives it back)', async () => {
    const kept = {
      id: 'card-3',
      name: 'Person 3',
      status: 'unassigned',
      member: null,
      publicPath: '/link/acme/card-3',
      updatedAt: TEAM.updatedAt,
    };
    const mocked = mockApi((url, init) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/team') return json(ok(mine('admin')));
      if (path === '/api/team/members') return json(ok([member(1), member(4, { name: 'Newcomer', card: null })]));
      if (path === '/api/team/cards' && (init?.method ?? 'GET') === 'GET') return json(ok([kept]));
      if (path === '/api/team/cards/card-3/assign')
        return json(ok({ ...kept, status: 'assigned', member: { userId: userId(4), name: 'Newcomer' } }));
      return json(ok([]));
    });
    await open();
    const section = await screen.findByTestId('team-kept-cards');
    // An admin manages the team but does not see the owner's details tab.
    expect(screen.queryByTestId('team-tab-datos')).toBeNull();
    fireEvent.click(within(section).getAllByTestId('team-card-assign')[0]!);
    const select = await screen.findByTestId<HTMLSelectElement>('assign-card-member');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Person 1 (person1@acme.example)', 'Newcomer (person4@acme.example)']);
    fireEvent.change(select, { target: { value: userId(4) } });
    fireEvent.click(screen.getByTestId('assign-card-confirm'));
    await waitFor(() => expect(calls(mocked.calls, 'POST', '/api/team/cards/card-3/assign')).toHaveLength(1));
    expect(bodyOf(calls(mocked.calls, 'POST', '/api/team/cards/card-3/assign')[0])).toEqual({ userId: userId(4) });
  });

  it('shows a plain member their role, their card and what the team locks, without the management', async () => {
    mockApi((url) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/team') return json(ok(mine('member')));
      if (path === '/api/team/template') return json(ok(TEMPLATE));
      return json(ok([]));
    });
    await open();
    expect(await screen.findByTestId('team-member-view')).toBeTruthy();
    expect(screen.getByTestId('team-role').textContent).toBe('Member');
    expect(screen.getByTestId('team-my-card-edit').getAttribute('href')).toBe('/user/perfiles/card-of-me');
    expect((await screen.findByTestId('team-locked-fields')).textContent).toBe('Company');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('saves the template with its locks and says how many cards took the change', async () => {
    const mocked = mockApi((url, init) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/team') return json(ok(mine('owner')));
      if (path === '/api/team/template' && init?.method === 'PUT') return json(ok({ ...TEMPLATE, cardsUpdated: 12 }));
      if (path === '/api/team/template') return json(ok(TEMPLATE));
      return json(ok([]));
    });
    await open('/user/equipo?tab=plantilla');
    const address = await screen.findByTestId('template-address');
    fireEvent.change(address, { target: { value: 'Calle Mayor 2, Madrid' } });
    fireEvent.click(screen.getByTestId('template-lock-address'));
    fireEvent.click(screen.getByTestId('template-save'));
    expect((await screen.findByTestId('template-saved')).textContent).toBe('Template saved: 12 team cards updated.');
    expect(bodyOf(calls(mocked.calls, 'PUT', '/api/team/template')[0])).toMatchObject({
      values: { company: 'Acme', address: 'Calle Mayor 2, Madrid', links: [{ label: 'Catalogue', url: 'https://acme.example/catalogue' }] },
      locks: { company: 'locked', address: 'locked', logo: 'editable' },
    });
  });

  it('names each lock switch by what it does, the same whether on or off: on is locked for members', async () => {
    mockApi((url) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/team') return json(ok(mine('owner')));
      if (path === '/api/team/template') return json(ok(TEMPLATE));
      return json(ok([]));
    });
    await open('/user/equipo?tab=plantilla');
    const locked = await screen.findByRole('switch', { name: 'Locked for members: Company' });
    const editable = screen.getByRole('switch', { name: 'Locked for members: Address' });
    expect((locked as HTMLInputElement).checked).toBe(true);
    expect((editable as HTMLInputElement).checked).toBe(false);
    // The visible label is part of the name (WCAG 2.5.3) and does not flip with the state.
    for (const field of ['company', 'address'])
      expect(within(screen.getByTestId(`template-field-${field}`)).getByText('Locked for members')).toBeTruthy();
    fireEvent.click(editable);
    expect((editable as HTMLInputElement).checked).toBe(true);
    expect(within(screen.getByTestId('template-field-address')).getByText('Locked for members')).toBeTruthy();
  });
});
