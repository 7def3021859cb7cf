import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CrmConnection, CrmOverview, CrmSync } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import CrmPage from './crm-page';
import CrmCallbackPage from './crm-callback-page';

const ID = '11111111-1111-4111-8111-111111111111';
const MESSAGE_ID = '22222222-2222-4222-8222-222222222222';
const HUBSPOT: CrmConnection = {
  id: ID,
  provider: 'hubspot',
  scope: 'user',
  accountName: 'acme.hubspot.com',
  status: 'connected',
  createdAt: '2031-03-14T09:00:00.000Z',
};
const overview = (over: Partial<CrmOverview> = {}): CrmOverview => ({
  providers: [
    { provider: 'hubspot', configured: true },
    { provider: 'salesforce', configured: false },
  ],
  connections: [],
  teamOwner: false,
  ...over,
});
const FAILED: CrmSync = {
  id: '33333333-3333-4333-8333-333333333333',
  messageId: MESSAGE_ID,
  senderEmail: 'vera@visitor.example',
  status: 'failed',
  attempts: 1,
  lastError: 'VALIDATION_ERROR: Property values were not valid: phone',
  lastStatus: 400,
  nextAttemptAt: null,
  recordUrl: null,
  createdAt: '2031-03-14T10:00:00.000Z',
  updatedAt: '2031-03-14T10:00:01.000Z',
};
const SENT: CrmSync = {
  ...FAILED,
  id: '44444444-4444-4444-8444-444444444444',
  status: 'succeeded',
  lastError: null,
  lastStatus: null,
  recordUrl: 'https://app.hubspot.com/contacts/42/record/0-1/7',
};

describe('the CRM page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says which CRM is not set up on this server, with no button for it, and offers to connect the other', async () => {
    mockApi((url) => (url === '/api/crm' ? json({ ok: 1, data: overview() }) : json({ ok: 0, code: 'internal', message: 'x' }, 500)));
    await render(<CrmPage />, { route: '/user/crm' });
    const salesforce = await screen.findByTestId('crm-user-salesforce');
    expect(within(salesforce).getByTestId('crm-not-configured').textContent).toContain('Salesforce is not set up on this server');
    expect(within(salesforce).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('crm-user-hubspot')).getByRole('button', { name: 'Connect HubSpot' })).toBeTruthy();
    // Not a team owner: no team section. The generic webhook is offered for other tools.
    expect(screen.queryByTestId('crm-team-hubspot')).toBeNull();
    expect(within(screen.getByTestId('crm-webhooks-note')).getByRole('link', { name: 'webhook' }).getAttribute('href')).toBe(
      '/user/webhooks',
    );
  });

  it('shows a connection’s sync log: the CRM’s refusal in its words, and the link to a sent lead', async () => {
    mockApi((url) => {
      if (url === '/api/crm') return json({ ok: 1, data: overview({ connections: [HUBSPOT] }) });
      if (url === `/api/crm/connections/${ID}/syncs`) return json({ ok: 1, data: [SENT, FAILED] });
      return json({ ok: 0, code: 'internal', message: 'x' }, 500);
    });
    await render(<CrmPage />, { route: '/user/crm', locale: 'es' });
    const card = await screen.findByTestId('crm-user-hubspot');
    expect(card.textContent).toContain('acme.hubspot.com');
    fireEvent.click(within(card).getByRole('button', { name: 'Registro de envíos' }));
    const log = await screen.findByTestId('crm-log');
    expect(log.textContent).toContain('400 · VALIDATION_ERROR: Property values were not valid: phone');
    expect(log.textContent).toContain('Fallido');
    expect(within(log).getByRole('link', { name: 'Abrir' }).getAttribute('href')).toBe(SENT.recordUrl);
  });

  it('lets a team’s owner connect for the team’s cards too', async () => {
    mockApi((url) =>
      url === '/api/crm'
        ? json({ ok: 1, data: overview({ teamOwner: true, connections: [{ ...HUBSPOT, scope: 'team' }] }) })
        : json({ ok: 0, code: 'internal', message: 'x' }, 500),
    );
    await render(<CrmPage />, { route: '/user/crm', locale: 'jp' });
    expect((await screen.findByTestId('crm-team-hubspot')).textContent).toContain('接続済み');
    expect(within(screen.getByTestId('crm-user-hubspot')).getByRole('button', { name: 'HubSpot を接続' })).toBeTruthy();
  });

  it('finishes the connection from the callback with the code and state, then goes back to the CRM page', async () => {
    const { calls } = mockApi((url) =>
      url === '/api/crm/callback' ? json({ ok: 1, data: HUBSPOT }) : json({ ok: 1, data: overview({ connections: [HUBSPOT] }) }),
    );
    const { router } = await render(<CrmCallbackPage />, {
      route: '/user/crm/callback?code=abc&state=xyz',
      routes: [{ path: '/user/crm', element: <p>CRM</p> }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/crm'));
    const call = calls.find((c) => c.url === '/api/crm/callback')!;
    expect(JSON.parse(call.init!.body as string)).toEqual({ code: 'abc', state: 'xyz' });
  });

  it('shows the vendor’s refusal from the callback address, with a way back', async () => {
    mockApi(() => json({ ok: 0, code: 'internal', message: 'x' }, 500));
    await render(<CrmCallbackPage />, {
      route: '/user/crm/callback?error=access_denied&error_description=The+user+denied+access',
      locale: 'en',
    });
    expect((await screen.findByRole('alert')).textContent).toContain('The user denied access');
    expect(screen.getByRole('link', { name: 'Back to CRM' }).getAttribute('href')).toBe('/user/crm');
  });
});
