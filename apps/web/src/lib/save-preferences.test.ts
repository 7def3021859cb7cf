import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Preferences } from '@enlaza/contracts';
import { replaceExports } from '@/test/replace-exports';
import * as preferencesApi from './api/preferences';
import * as savePreferencesApi from './api/save-preferences';
import { saveLanguagePreference } from './save-preferences';

// The server: each save answers when the test says so, and what it stored last is what stays.
const server = {
  stored: { locale: 'en', timeZone: 'Europe/Madrid' } as unknown as Preferences,
  pending: [] as (() => void)[],
  sent: [] as string[],
};
beforeEach(() =>
  replaceExports(preferencesApi, {
    preferencesQueryOptions: () => ({ queryKey: ['account', 'preferences'], queryFn: async () => server.stored }),
  }),
);
beforeEach(() =>
  replaceExports(savePreferencesApi, {
    savePreferences: (preferences: Preferences) => {
      server.sent.push(preferences.locale);
      return new Promise<Preferences>((resolve) =>
        server.pending.push(() => {
          server.stored = preferences;
          resolve(preferences);
        }),
      );
    },
  }),
);

describe('saving the language chosen in the header', () => {
  it('sends one save at a time and only the last choice, so two quick switches never leave the first saved', async () => {
    const es = saveLanguagePreference('es');
    await vi.waitFor(() => expect(server.pending).toHaveLength(1));
    // While es is on its way, jp then en are chosen: jp is skipped, en waits for es to finish.
    const jp = saveLanguagePreference('jp');
    const en = saveLanguagePreference('en');
    // One macrotask: every microtask the two calls queued has run by then.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.sent).toEqual(['es']);
    server.pending.shift()!();
    await es;
    await vi.waitFor(() => expect(server.pending).toHaveLength(1));
    expect(server.sent).toEqual(['es', 'en']);
    server.pending.shift()!();
    await Promise.all([jp, en]);
    expect(server.stored.locale).toBe('en');
  });
});
