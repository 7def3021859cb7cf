import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ActiveSession } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { SessionsCard } from './sessions-card';

const HERE: ActiveSession = {
  id: '11111111-1111-4111-8111-111111111111',
  device: { browser: 'Firefox 132', os: 'Windows 10', type: 'desktop' },
  createdAt: '2026-11-20T09:00:00.000Z',
  lastSeenAt: '2026-11-25T10:00:00.000Z',
  current: true,
};
const PHONE: ActiveSession = {
  id: '22222222-2222-4222-8222-222222222222',
  device: { browser: 'Mobile Safari 17', os: 'iOS 17.5', type: 'mobile' },
  createdAt: '2026-11-01T08:00:00.000Z',
  lastSeenAt: '2026-11-24T18:30:00.000Z',
  current: false,
};
const UNKNOWN: ActiveSession = {
  id: '33333333-3333-4333-8333-333333333333',
  device: { browser: null, os: null, type: 'other' },
  createdAt: '2026-11-02T08:00:00.000Z',
  lastSeenAt: '2026-11-03T08:00:00.000Z',
  current: false,
};

async function setup(answer: (url: string, init?: RequestInit) => Response) {
  const mocked = mockApi(answer);
  await render(<SessionsCard />);
  return mocked;
}

describe('signed-in devices in Opciones', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each device with its browser, system and kind, marks this one, and offers sign-out only for the others', async () => {
    await setup(() => json({ ok: 1, data: [HERE, PHONE, UNKNOWN] }));
    const rows = await screen.findAllByTestId('options-session');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('options-session-device').textContent).toBe('Firefox 132 on Windows 10');
    expect(within(rows[0]!).getByTestId('options-session-current').textContent).toBe('This device');
    expect(within(rows[0]!).queryByTestId('options-session-sign-out')).toBeNull();
    expect(within(rows[1]!).getByText('Phone')).toBeTruthy();
    expect(within(rows[1]!).getByText(/^Last active /)).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Sign out Mobile Safari 17 on iOS 17.5' })).toBeTruthy();
    expect(within(rows[2]!).getByTestId('options-session-device').textContent).toBe('Unknown device');
  });

  it('signs out one device and reloads the list', async () => {
    let list = [HERE, PHONE];
    const { calls } = await setup((url, init) => {
      if (init?.method === 'DELETE') {
        list = [HERE];
        return json({ ok: 1, data: {} });
      }
      return json({ ok: 1, data: list });
    });
    fireEvent.click(await screen.findByTestId('options-session-sign-out'));
    expect((await screen.findByTestId('options-sessions-done')).textContent).toBe('That device was signed out.');
    expect(calls.some((c) => c.init?.method === 'DELETE' && c.url.endsWith(`/api/sessions/${PHONE.id}`))).toBe(true);
    expect(await screen.findByTestId('options-sessions-only-this')).toBeTruthy();
    expect(screen.getAllByTestId('options-session')).toHaveLength(1);
  });

  it('signs out everywhere else, saying how many, and is disabled when there is nowhere else', async () => {
    let list = [HERE, PHONE, UNKNOWN];
    await setup((url, init) => {
      if (init?.method === 'POST') {
        list = [HERE];
        return json({ ok: 1, data: { signedOut: 2 } });
      }
      return json({ ok: 1, data: list });
    });
    await screen.findAllByTestId('options-session');
    fireEvent.click(screen.getByTestId('options-sessions-sign-out-others'));
    expect((await screen.findByTestId('options-sessions-done')).textContent).toBe('Signed out of 2 other devices.');
    await screen.findByTestId('options-sessions-only-this');
    expect(screen.getByTestId<HTMLButtonElement>('options-sessions-sign-out-others').disabled).toBe(true);
  });

  it('shows the server’s message when a sign-out fails', async () => {
    await setup((url, init) =>
      init?.method === 'DELETE'
        ? json({ ok: 0, code: 'record.not_found', message: 'Not found.' }, 404)
        : json({ ok: 1, data: [HERE, PHONE] }),
    );
    fireEvent.click(await screen.findByTestId('options-session-sign-out'));
    expect((await screen.findByTestId('options-sessions-error')).textContent).toBe('Not found.');
  });
});
