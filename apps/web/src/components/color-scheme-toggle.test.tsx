import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SESSION_KEYS } from '@enlaza/contracts';
import { queryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { ColorSchemeToggle } from './color-scheme-toggle';

const SAVED = { locale: 'en', timeZone: 'Europe/Madrid', theme: 'light' };

async function setup() {
  const api = mockApi((_url, init) =>
    init?.method === 'PUT' ? json({ ok: 1, data: JSON.parse(init.body as string) as unknown }) : json({ ok: 1, data: SAVED }),
  );
  window.localStorage.setItem('mantine-color-scheme-value', 'light');
  await render(<ColorSchemeToggle />);
  fireEvent.click(screen.getByTestId('color-scheme-toggle'));
  return api;
}

describe('the header’s colour scheme switch', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta in jsdom
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    queryClient.clear();
    window.localStorage.removeItem(SESSION_KEYS.token);
    window.localStorage.removeItem('mantine-color-scheme-value');
  });

  it('saves a signed-in user’s choice with their other preferences unchanged, as Preferences does, so a reload keeps it', async () => {
    window.localStorage.setItem(SESSION_KEYS.token, 'a-token');
    const { calls } = await setup();
    await waitFor(() => expect(calls.some((call) => call.init?.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.init?.method === 'PUT')!;
    expect(put.url).toBe('/api/account/preferences');
    expect(JSON.parse(put.init!.body as string)).toEqual({ ...SAVED, theme: 'dark' });
    expect(window.localStorage.getItem('mantine-color-scheme-value')).toBe('dark');
    // What the signed-in sync applies after a reload is now the choice.
    await waitFor(() => expect(queryClient.getQueryData(['account', 'preferences'])).toEqual({ ...SAVED, theme: 'dark' }));
  });

  it('only shows a visitor’s choice (nothing to save it to)', async () => {
    const { calls } = await setup();
    await waitFor(() => expect(window.localStorage.getItem('mantine-color-scheme-value')).toBe('dark'));
    expect(calls).toEqual([]);
  });
});
