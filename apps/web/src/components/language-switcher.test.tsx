import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { SESSION_KEYS } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { LanguageSwitcher } from './language-switcher';

const SAVED = { locale: 'en', timeZone: 'Europe/Madrid', theme: 'dark' };

async function setup() {
  const api = mockApi((_url, init) =>
    init?.method === 'PUT' ? json({ ok: 1, data: JSON.parse(init.body as string) as unknown }) : json({ ok: 1, data: SAVED }),
  );
  await render(<LanguageSwitcher />);
  fireEvent.change(screen.getByTestId('language-switcher'), { target: { value: 'es' } });
  return api;
}

describe('the header’s language switch', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta in jsdom
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    queryClient.clear();
    await changeLanguage('en');
  });

  it('saves a signed-in user’s choice with their other preferences unchanged, so a reload keeps it', async () => {
    window.localStorage.setItem(SESSION_KEYS.token, 'a-token');
    const { calls } = await setup();
    await waitFor(() => expect(calls.some((call) => call.init?.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.init?.method === 'PUT')!;
    expect(put.url).toBe('/api/account/preferences');
    expect(JSON.parse(put.init!.body as string)).toEqual({ ...SAVED, locale: 'es' });
    // The save does not wait for the new language's texts (nor they for it).
    await waitFor(() => expect(i18next.language).toBe('es'));
    // What the signed-in sync applies after a reload is now the choice.
    expect(queryClient.getQueryData(['account', 'preferences'])).toEqual({ ...SAVED, locale: 'es' });
  });

  it('only shows a visitor’s choice (nothing to save it to)', async () => {
    const { calls } = await setup();
    await waitFor(() => expect(i18next.language).toBe('es'));
    expect(calls).toEqual([]);
  });
});
