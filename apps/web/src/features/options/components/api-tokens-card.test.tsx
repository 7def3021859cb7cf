import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ApiToken } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { ApiTokensCard } from './api-tokens-card';

const CRM: ApiToken = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'CRM sync',
  scopes: ['cards:read', 'campaigns'],
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2027-02-18T09:00:00.000Z',
  lastUsedAt: '2026-11-25T10:00:00.000Z',
};
const BACKUP: ApiToken = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Backup',
  scopes: ['billing:read'],
  createdAt: '2026-11-01T08:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
};
const SECRET = 'enl_pat_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

async function setup(answer: (url: string, init?: RequestInit) => Response) {
  const mocked = mockApi(answer);
  await render(<ApiTokensCard />);
  return mocked;
}

describe('personal access tokens in Opciones', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each token with its scopes, dates and last use, and says when there is none', async () => {
    await setup(() => json({ ok: 1, data: [CRM, BACKUP] }));
    const rows = await screen.findAllByTestId('options-token');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('CRM sync')).toBeTruthy();
    expect(within(rows[0]!).getByText('Read cards and tags')).toBeTruthy();
    expect(within(rows[0]!).getByText('Campaigns')).toBeTruthy();
    expect(within(rows[0]!).getByText(/Last used /)).toBeTruthy();
    expect(within(rows[1]!).getByText(/Never expires/)).toBeTruthy();
    expect(within(rows[1]!).getByText(/Never used/)).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Revoke Backup' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    await setup(() => json({ ok: 1, data: [] }));
    expect((await screen.findByTestId('options-tokens-empty')).textContent).toBe('You have no access tokens yet.');
  });

  it('checks the form before sending: a name and at least one permission', async () => {
    const { calls } = await setup(() => json({ ok: 1, data: [] }));
    await screen.findByTestId('options-tokens-empty');
    fireEvent.click(screen.getByTestId('options-token-create'));
    fireEvent.click(await screen.findByTestId('options-token-create-submit'));
    expect(await screen.findByText('Choose at least one permission.')).toBeTruthy();
    const name = screen.getByTestId('options-token-name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.init?.method === 'POST')).toBe(false);
  });

  it('creates a token, shows its secret once with a copy button, and forgets it when closed', async () => {
    let list: ApiToken[] = [];
    const { calls } = await setup((url, init) => {
      if (init?.method === 'POST') {
        list = [CRM];
        return json({ ok: 1, data: { token: CRM, secret: SECRET } }, 201);
      }
      return json({ ok: 1, data: list });
    });
    await screen.findByTestId('options-tokens-empty');
    fireEvent.click(screen.getByTestId('options-token-create'));
    fireEvent.change(await screen.findByTestId('options-token-name'), { target: { value: 'CRM sync' } });
    fireEvent.click(screen.getByTestId('options-token-scope-cards:read'));
    fireEvent.click(screen.getByTestId('options-token-scope-campaigns'));
    fireEvent.click(screen.getByLabelText('365 days'));
    fireEvent.click(screen.getByTestId('options-token-create-submit'));

    expect((await screen.findByTestId('options-token-secret')).textContent).toBe(SECRET);
    expect(screen.getByText('Copy this token now. For your security it will not be shown again.')).toBeTruthy();
    expect(screen.getByTestId('options-token-secret-copy')).toBeTruthy();
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(post.init!.body as string)).toEqual({ name: 'CRM sync', scopes: ['cards:read', 'campaigns'], expiresIn: '365' });

    fireEvent.click(screen.getByTestId('options-token-secret-done'));
    await waitFor(() => expect(screen.queryByTestId('options-token-secret')).toBeNull());
    expect(await screen.findByText('CRM sync')).toBeTruthy();
    // The list never shows it, and opening the dialog again starts a new token.
    expect(document.body.textContent).not.toContain(SECRET);
    fireEvent.click(screen.getByTestId('options-token-create'));
    expect(await screen.findByTestId('options-token-name')).toBeTruthy();
    expect(screen.queryByTestId('options-token-secret')).toBeNull();
  });

  it('revokes a token only after confirming', async () => {
    let list = [CRM, BACKUP];
    const { calls } = await setup((url, init) => {
      if (init?.method === 'DELETE') {
        list = [BACKUP];
        return json({ ok: 1, data: {} });
      }
      return json({ ok: 1, data: list });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke CRM sync' }));
    expect(await screen.findByText('Revoke this token?')).toBeTruthy();
    expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(false);
    // Cancelling keeps it.
    fireEvent.click(screen.getByTestId('options-token-revoke-cancel'));
    await waitFor(() => expect(screen.queryByText('Revoke this token?')).toBeNull());
    expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke CRM sync' }));
    fireEvent.click(await screen.findByTestId('options-token-revoke-confirm'));
    expect((await screen.findByTestId('options-tokens-done')).textContent).toBe('The token was revoked.');
    expect(calls.some((c) => c.init?.method === 'DELETE' && c.url.endsWith(`/api/tokens/${CRM.id}`))).toBe(true);
    await waitFor(() => expect(screen.getAllByTestId('options-token')).toHaveLength(1));
  });
});
