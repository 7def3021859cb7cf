import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SsoDomain, SsoSettings, SsoTestResult } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import SsoSettingsPage from './sso-settings-page';

const TEAM_ID = '44444444-4444-4444-8444-444444444444';
const DOMAIN_ID = '55555555-5555-4555-8555-555555555555';
const TEST_ID = '66666666-6666-4666-8666-666666666666';
const BASE = 'https://cards.enlaza.example';

const PENDING: SsoDomain = {
  id: DOMAIN_ID,
  domain: 'acme.test',
  status: 'pending',
  record: { type: 'TXT', name: '_enlaza-sso.acme.test', value: 'enlaza-sso=0123456789abcdef' },
  checkedAt: null,
  verifiedAt: null,
};
const EMPTY: SsoSettings = {
  provider: null,
  mapping: { email: 'email', givenName: 'given_name', familyName: 'family_name', jobTitle: 'job_title' },
  enforced: false,
  domains: [],
  serviceProvider: {
    oidcRedirectUri: `${BASE}/api/sso/oidc/callback`,
    samlAcsUrl: `${BASE}/api/sso/saml/acs`,
    samlEntityId: `${BASE}/api/sso/saml/metadata/${TEAM_ID}`,
    samlMetadataUrl: `${BASE}/api/sso/saml/metadata/${TEAM_ID}`,
  },
  updatedAt: null,
};
const OIDC: SsoSettings = {
  ...EMPTY,
  provider: {
    protocol: 'oidc',
    issuer: 'https://acme.okta.com',
    clientId: 'enlaza',
    clientSecretSet: true,
    entityId: null,
    ssoUrl: null,
    certificates: 0,
  },
  domains: [{ ...PENDING, status: 'verified', verifiedAt: '2031-03-14T10:00:00.000Z' }],
  updatedAt: '2031-03-14T10:00:00.000Z',
};

type Route = `${'GET' | 'POST' | 'PUT' | 'DELETE'} ${string}`;
function server(state: { settings: SsoSettings }, routes: Partial<Record<Route, (body: unknown) => Response>> = {}) {
  return mockApi((url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ':id');
    const key = `${init?.method ?? 'GET'} ${path}` as Route;
    const route = routes[key];
    if (route) return route(init?.body ? JSON.parse(init.body as string) : undefined);
    if (key === 'GET /api/team/sso') return json({ ok: 1, data: state.settings });
    throw new Error(`the SSO page called ${key}`);
  });
}

const renderPage = (route = '/user/equipo/sso', locale?: 'en' | 'es' | 'jp') =>
  render(<SsoSettingsPage />, { route, path: '/user/equipo/sso', locale });

describe('the team’s SSO settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the values to paste, no provider yet, no domain, and enforcement off until both exist', async () => {
    server({ settings: EMPTY });
    await renderPage();
    expect((await screen.findByTestId('sso-oidc-redirect')).textContent).toBe(`${BASE}/api/sso/oidc/callback`);
    expect(screen.getByTestId('sso-saml-acs').textContent).toBe(`${BASE}/api/sso/saml/acs`);
    expect(screen.getByTestId('sso-saml-entity').textContent).toBe(`${BASE}/api/sso/saml/metadata/${TEAM_ID}`);
    expect(screen.getByTestId('sso-provider-none')).toBeTruthy();
    expect(screen.getByTestId('sso-domains-empty')).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: /sign in only with SSO/ }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Test sign-in' }).disabled).toBe(true);
  });

  it('saves an OIDC provider with its secret, and shows a refusal in the request’s words', async () => {
    const state = { settings: EMPTY };
    const bodies: unknown[] = [];
    server(state, {
      'PUT /api/team/sso': (body) => {
        bodies.push(body);
        if (bodies.length === 1)
          return json({ ok: 0, code: 'sso.discovery_failed', message: 'The OpenID provider did not answer its discovery document.' }, 422);
        state.settings = OIDC;
        return json({ ok: 1, data: OIDC });
      },
    });
    await renderPage();
    fireEvent.change(await screen.findByRole('textbox', { name: /Issuer URL/ }), { target: { value: 'https://acme.okta.com' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Client ID/ }), { target: { value: 'enlaza' } });
    fireEvent.change(screen.getByLabelText('Client secret'), { target: { value: 's3cret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save identity provider' }));
    expect((await screen.findByTestId('sso-provider-error')).textContent).toContain('discovery document');
    fireEvent.click(screen.getByRole('button', { name: 'Save identity provider' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({
      protocol: 'oidc',
      issuer: 'https://acme.okta.com',
      clientId: 'enlaza',
      clientSecret: 's3cret',
      mapping: EMPTY.mapping,
    });
    expect(await screen.findByText('A secret is saved. Leave this empty to keep it.')).toBeTruthy();
  });

  it('switching a new provider to SAML proposes SAML attribute names and sends the metadata', async () => {
    const bodies: unknown[] = [];
    server({ settings: EMPTY }, { 'PUT /api/team/sso': (body) => (bodies.push(body), json({ ok: 1, data: EMPTY })) });
    await renderPage();
    fireEvent.click(await screen.findByRole('radio', { name: 'SAML 2.0' }));
    fireEvent.change(screen.getByRole('textbox', { name: /IdP metadata XML/ }), { target: { value: '<md:EntityDescriptor/>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save identity provider' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      protocol: 'saml',
      metadataXml: '<md:EntityDescriptor/>',
      mapping: { email: 'email', givenName: 'firstName', familyName: 'lastName', jobTitle: 'title' },
    });
  });

  it('adds a domain with its TXT record, and says when the check does not find it yet', async () => {
    const state = { settings: EMPTY };
    server(state, {
      'POST /api/team/sso/domains': () => ((state.settings = { ...EMPTY, domains: [PENDING] }), json({ ok: 1, data: PENDING })),
      'POST /api/team/sso/domains/:id/check': () => json({ ok: 1, data: { ...PENDING, checkedAt: '2031-03-14T10:00:00.000Z' } }),
    });
    await renderPage(undefined, 'es');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Dominio' }), { target: { value: 'acme.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Añadir dominio' }));
    const row = await screen.findByTestId('sso-domain-acme.test');
    expect(within(row).getAllByTestId('sso-domain-record-value')[0]!.textContent).toBe('enlaza-sso=0123456789abcdef');
    expect(within(row).getByTestId('sso-domain-status').textContent).toBe('Sin demostrar');
    fireEvent.click(within(row).getByRole('button', { name: 'Comprobar DNS ahora' }));
    expect((await screen.findByTestId('sso-domain-not-found')).textContent).toContain('Aún no se encuentra');
  });

  it('turns enforcement on once a provider and a proven domain exist', async () => {
    const bodies: unknown[] = [];
    const state = { settings: OIDC };
    server(state, {
      'PUT /api/team/sso/enforce': (body) => {
        bodies.push(body);
        state.settings = { ...OIDC, enforced: true };
        return json({ ok: 1, data: state.settings });
      },
    });
    await renderPage();
    const toggle = await screen.findByRole<HTMLInputElement>('switch', { name: /sign in only with SSO/ });
    expect(toggle.disabled).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(bodies).toEqual([{ enforced: true }]));
    await waitFor(() => expect(toggle.checked).toBe(true));
  });

  it('shows what a test sign-in brought back, mapped, when the provider sends the browser back', async () => {
    const result: SsoTestResult = {
      status: 'succeeded',
      protocol: 'oidc',
      subject: 'u-6',
      mapped: { email: 'fay@acme.test', givenName: 'Fay', familyName: 'Fox', jobTitle: null },
      domainCovered: true,
      claims: { sub: 'u-6', email: 'fay@acme.test' },
      error: null,
    };
    server({ settings: OIDC }, { 'GET /api/team/sso/test/:id': () => json({ ok: 1, data: result }) });
    await renderPage(`/user/equipo/sso?test=${TEST_ID}`, 'jp');
    const shown = await screen.findByTestId('sso-test-result');
    expect(within(shown).getByTestId('sso-test-email').textContent).toBe('fay@acme.test');
    expect(within(shown).getByTestId('sso-test-jobTitle').textContent).toBe('（送信なし）');
    expect(shown.textContent).toContain('証明済みドメイン');
  });
});
