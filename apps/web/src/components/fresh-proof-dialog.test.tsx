import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReauthenticationMethods } from '@enlaza/contracts';
import { createApiToken } from '@/features/options/api/create-api-token';
import { ApiError } from '@/lib/http';
import { json, mockApi, type MockedCall } from '@/test/mock-api';
import { render } from '@/test/render';
import { FreshProofDialog } from './fresh-proof-dialog';

const CREATED = {
  token: {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'CRM',
    scopes: ['cards:read'],
    createdAt: '2026-11-26T09:00:00.000Z',
    expiresAt: '2027-02-24T09:00:00.000Z',
    lastUsedAt: null,
  },
  secret: 'enl_pat_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
};
const REQUIRED = { ok: 0, code: 'auth.reauth_required', message: 'For your security, confirm it is you.' };
const WRONG = { ok: 0, code: 'auth.reauth_invalid', message: 'That did not prove it is you.' };
const UNTIL = { ok: 1, data: { reauthenticatedUntil: '2026-11-26T09:10:00.000Z' } };

/**
 * The API as a session without a fresh proof meets it: creating a token is refused until
 * `POST /api/user/reauthenticate` accepts `accepts` (a password or a code).
 */
function api(methods: Partial<ReauthenticationMethods>, accepts: object) {
  let proven = false;
  return mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/user/reauthenticate' && method === 'GET')
      return json({ ok: 1, data: { password: true, code: false, passkey: false, reauthenticatedUntil: null, ...methods } });
    if (url === '/api/user/reauthenticate') {
      proven = JSON.stringify(JSON.parse(init!.body as string)) === JSON.stringify(accepts);
      return proven ? json(UNTIL) : json(WRONG, 401);
    }
    return proven ? json({ ok: 1, data: CREATED }, 201) : json(REQUIRED, 403);
  });
}
const sent = (calls: MockedCall[]) => calls.map((c) => `${c.init?.method ?? 'GET'} ${c.url}`);

describe('the fresh-proof dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the password when a change is refused for want of a proof, then repeats the call once', async () => {
    const { calls } = api({}, { password: 'my password' });
    await render(<FreshProofDialog />);
    const created = createApiToken({ name: 'CRM', scopes: ['cards:read'], expiresIn: '90' });
    const password = await screen.findByTestId<HTMLInputElement>('fresh-proof-password');
    expect(screen.getByRole('dialog', { name: 'Confirm it is you' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(password));

    fireEvent.change(password, { target: { value: 'my password' } });
    fireEvent.click(screen.getByTestId('fresh-proof-submit'));
    expect(await created).toEqual(CREATED);
    expect(sent(calls)).toEqual(['POST /api/tokens', 'GET /api/user/reauthenticate', 'POST /api/user/reauthenticate', 'POST /api/tokens']);
    expect(JSON.parse(calls[3]!.init!.body as string)).toEqual({ name: 'CRM', scopes: ['cards:read'], expiresIn: '90' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a wrong password’s refusal and stays open; an empty one is not sent', async () => {
    const { calls } = api({}, { password: 'right one' });
    await render(<FreshProofDialog />);
    const created = createApiToken({ name: 'CRM', scopes: ['cards:read'], expiresIn: '90' });
    const password = await screen.findByTestId('fresh-proof-password');
    fireEvent.click(screen.getByTestId('fresh-proof-submit'));
    expect((await screen.findByTestId('fresh-proof-error')).textContent).toBe('Enter your password.');
    fireEvent.change(password, { target: { value: 'wrong one' } });
    fireEvent.click(screen.getByTestId('fresh-proof-submit'));
    await waitFor(() => expect(screen.getByTestId('fresh-proof-error').textContent).toBe(WRONG.message));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.change(password, { target: { value: 'right one' } });
    fireEvent.click(screen.getByTestId('fresh-proof-submit'));
    expect(await created).toEqual(CREATED);
    expect(sent(calls).filter((c) => c === 'POST /api/user/reauthenticate')).toHaveLength(2);
  });

  it('offers the authenticator code when two-factor is on, and sends the code instead', async () => {
    api({ code: true }, { code: '123456' });
    await render(<FreshProofDialog />);
    const created = createApiToken({ name: 'CRM', scopes: ['cards:read'], expiresIn: '90' });
    fireEvent.click(await screen.findByRole('button', { name: 'Use your authenticator code' }));
    fireEvent.change(screen.getByTestId('fresh-proof-code'), { target: { value: ' 123456 ' } });
    fireEvent.click(screen.getByTestId('fresh-proof-submit'));
    expect(await created).toEqual(CREATED);
  });

  it('closed without a proof: the refusal stands and the call is not repeated', async () => {
    const { calls } = api({}, { password: 'x' });
    await render(<FreshProofDialog />);
    const created = createApiToken({ name: 'CRM', scopes: ['cards:read'], expiresIn: '90' }).catch((error: unknown) => error);
    await screen.findByTestId('fresh-proof-password');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const error = await created;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('auth.reauth_required');
    expect(sent(calls).filter((c) => c === 'POST /api/tokens')).toHaveLength(1);
  });

  it('speaks the person’s language', async () => {
    api({ code: true }, { password: 'x' });
    await render(<FreshProofDialog />, { locale: 'es' });
    void createApiToken({ name: 'CRM', scopes: ['cards:read'], expiresIn: '90' }).catch(() => undefined);
    expect(await screen.findByRole('dialog', { name: 'Confirma que eres tú' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Usar tu código de autenticación' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
  });
});
