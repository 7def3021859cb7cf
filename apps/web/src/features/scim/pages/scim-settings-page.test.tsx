import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ScimOverview } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import ScimSettingsPage from './scim-settings-page';

const TOKEN_ID = '77777777-7777-4777-8777-777777777777';
const BASE = 'https://cards.enlaza.example/scim/v2';
const EMPTY: ScimOverview = { role: 'owner', baseUrl: BASE, cardOnDeactivation: 'keep', tokens: [], calls: [], users: 0, groups: 0 };
const IN_USE: ScimOverview = {
  ...EMPTY,
  tokens: [
    {
      id: TOKEN_ID,
      name: 'Okta',
      createdAt: '2031-03-14T10:00:00.000Z',
      lastUsedAt: '2031-03-14T11:00:00.000Z',
      revokedAt: null,
      createdBy: 'Olga Owner',
    },
  ],
  calls: [{ method: 'PATCH', path: `/scim/v2/Users/${TOKEN_ID}`, status: 200, at: '2031-03-14T11:00:00.000Z', tokenName: 'Okta' }],
  users: 12,
  groups: 2,
};

type Route = `${'GET' | 'POST' | 'PUT' | 'DELETE'} ${string}`;
function server(state: { overview: ScimOverview }, routes: Partial<Record<Route, (body: unknown) => Response>> = {}) {
  return mockApi((url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ':id');
    const key = `${init?.method ?? 'GET'} ${path}` as Route;
    const route = routes[key];
    if (route) return route(init?.body ? JSON.parse(init.body as string) : undefined);
    if (key === 'GET /api/team/scim') return json({ ok: 1, data: state.overview });
    throw new Error(`the SCIM page called ${key}`);
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the team’s SCIM provisioning page', () => {
  it('shows the base URL to paste, the steps for Okta and Entra ID, and an empty state', async () => {
    server({ overview: EMPTY });
    await render(<ScimSettingsPage />, { path: '/user/equipo/scim' });
    expect((await screen.findByTestId('scim-base-url')).textContent).toContain(BASE);
    expect(screen.getByTestId('scim-tokens-empty')).toBeTruthy();
    expect(screen.getByTestId('scim-calls-empty')).toBeTruthy();
    expect(within(screen.getByTestId('scim-steps-okta')).getAllByRole('listitem')[1]!.textContent).toContain(BASE);
    fireEvent.click(screen.getByTestId('scim-tab-entra'));
    expect((await screen.findByTestId('scim-steps-entra')).textContent).toContain('Tenant URL');
  });

  it('creates a token and shows it once, then forgets it', async () => {
    const state = { overview: EMPTY };
    const created = vi.fn();
    server(state, {
      'POST /api/team/scim/tokens': (body) => {
        created(body);
        state.overview = IN_USE;
        return json({ ok: 1, data: { ...IN_USE.tokens[0], token: 'enlaza_scim_secret-value' } }, 201);
      },
    });
    await render(<ScimSettingsPage />, { path: '/user/equipo/scim' });
    fireEvent.click(await screen.findByTestId('scim-token-create'));
    fireEvent.change(await screen.findByTestId('scim-token-name'), { target: { value: ' Okta ' } });
    fireEvent.click(screen.getByTestId('scim-token-create-submit'));
    expect((await screen.findByTestId('scim-token-secret')).textContent).toContain('enlaza_scim_secret-value');
    expect(created).toHaveBeenCalledWith({ name: 'Okta' });
    fireEvent.click(screen.getByTestId('scim-token-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('scim-token-secret')).toBeNull());
    expect((await screen.findByTestId(`scim-token-${TOKEN_ID}`)).textContent).toContain('Okta');
    expect(screen.getByTestId('scim-calls').textContent).toContain('PATCH');
  });

  it('revokes a token after confirming, and saves the deactivation choice', async () => {
    const state = { overview: IN_USE };
    const revoked = vi.fn();
    const saved = vi.fn();
    server(state, {
      'DELETE /api/team/scim/tokens/:id': () => {
        revoked();
        return json({ ok: 1, data: {} });
      },
      'PUT /api/team/scim/settings': (body) => {
        saved(body);
        state.overview = { ...state.overview, cardOnDeactivation: 'retire' };
        return json({ ok: 1, data: {} });
      },
    });
    await render(<ScimSettingsPage />, { path: '/user/equipo/scim' });
    fireEvent.click(await screen.findByTestId(`scim-token-revoke-${TOKEN_ID}`));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoked).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByTestId('scim-card-retire'));
    await waitFor(() => expect(saved).toHaveBeenCalledWith({ cardOnDeactivation: 'retire' }));
  });

  it('lets an admin see it without the owner’s buttons', async () => {
    server({ overview: { ...IN_USE, role: 'admin' } });
    await render(<ScimSettingsPage />, { path: '/user/equipo/scim' });
    expect(await screen.findByTestId(`scim-token-${TOKEN_ID}`)).toBeTruthy();
    expect(screen.queryByTestId('scim-token-create')).toBeNull();
    expect(screen.queryByTestId(`scim-token-revoke-${TOKEN_ID}`)).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('scim-card-keep').disabled).toBe(true);
  });
});
