import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Passkey } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { PasskeysCard } from './passkeys-card';

const LAPTOP: Passkey = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'MacBook',
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: '2026-11-24T18:30:00.000Z',
  backedUp: true,
};
const KEY: Passkey = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'YubiKey',
  createdAt: '2026-11-21T09:00:00.000Z',
  lastUsedAt: null,
  backedUp: false,
};

async function setup(answer: (url: string, init?: RequestInit) => Response) {
  const mocked = mockApi(answer);
  await render(<PasskeysCard />);
  return mocked;
}

/** A browser with WebAuthn whose `create()` fails as `name` (the person cancelled, or the device has one). */
function browserWithWebAuthn(failure: string) {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: { create: vi.fn(() => Promise.reject(new DOMException('refused', failure))) },
  });
}

describe('passkeys in Opciones', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'credentials');
  });

  it('lists each passkey with its name, whether it is synced and its last use; says when the browser cannot add one', async () => {
    await setup(() => json({ ok: 1, data: [LAPTOP, KEY] }));
    const rows = await screen.findAllByTestId('options-passkey');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Synced')).toBeTruthy();
    expect(within(rows[0]!).getByText(/last used/)).toBeTruthy();
    expect(within(rows[1]!).queryByText('Synced')).toBeNull();
    expect(within(rows[1]!).getByText(/not used yet/)).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Remove passkey YubiKey' })).toBeTruthy();
    // jsdom has no WebAuthn: nothing to add with.
    expect(screen.getByTestId('options-passkeys-unsupported')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('options-passkeys-add').disabled).toBe(true);
  });

  it('says there are none yet, and tells why adding stopped when the person cancels the device’s prompt', async () => {
    browserWithWebAuthn('NotAllowedError');
    const { calls } = await setup((url) =>
      url.endsWith('/api/passkeys/options')
        ? json({
            ok: 1,
            data: {
              challengeId: '33333333-3333-4333-8333-333333333333',
              options: {
                challenge: 'AAAA',
                rp: { name: 'Enlaza' },
                user: { id: 'dQ', name: 'a@b.c', displayName: 'A' },
                pubKeyCredParams: [],
              },
            },
          })
        : json({ ok: 1, data: [] }),
    );
    expect(await screen.findByTestId('options-passkeys-empty')).toBeTruthy();
    fireEvent.click(screen.getByTestId('options-passkeys-add'));
    const name = await screen.findByTestId('passkey-name');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('passkey-submit'));
    expect(await screen.findByText('Give the passkey a name.')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/api/passkeys/options'))).toBe(false);

    fireEvent.change(name, { target: { value: 'My phone' } });
    fireEvent.click(screen.getByTestId('passkey-submit'));
    expect((await screen.findByTestId('passkey-error')).textContent).toBe(
      'The passkey was not added: the request was cancelled or took too long.',
    );
    // Nothing was sent to be stored, and the name typed stays.
    expect(calls.some((c) => c.init?.method === 'POST' && c.url.endsWith('/api/passkeys'))).toBe(false);
    expect(screen.getByTestId<HTMLInputElement>('passkey-name').value).toBe('My phone');
  });

  it('renames and removes a passkey after asking', async () => {
    let list = [LAPTOP];
    const { calls } = await setup((url, init) => {
      if (init?.method === 'PATCH') {
        list = [{ ...LAPTOP, name: 'Work laptop' }];
        return json({ ok: 1, data: list[0] });
      }
      if (init?.method === 'DELETE') {
        list = [];
        return json({ ok: 1, data: {} });
      }
      return json({ ok: 1, data: list });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename passkey MacBook' }));
    const name = await screen.findByTestId('passkey-name');
    expect((name as HTMLInputElement).value).toBe('MacBook');
    fireEvent.change(name, { target: { value: 'Work laptop' } });
    fireEvent.click(screen.getByTestId('passkey-submit'));
    expect(await screen.findByText('Work laptop')).toBeTruthy();
    const patch = calls.find((c) => c.init?.method === 'PATCH');
    expect(patch?.url).toContain(`/api/passkeys/${LAPTOP.id}`);
    expect(JSON.parse(patch?.init?.body as string)).toEqual({ name: 'Work laptop' });

    fireEvent.click(screen.getByTestId('options-passkey-remove'));
    expect(await screen.findByText(/will no longer sign in to your account/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByTestId('options-passkey')).toBeNull());
    expect(calls.some((c) => c.init?.method === 'DELETE' && c.url.endsWith(`/api/passkeys/${LAPTOP.id}`))).toBe(true);
    expect(await screen.findByTestId('options-passkeys-empty')).toBeTruthy();
  });
});
