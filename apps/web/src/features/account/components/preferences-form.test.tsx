import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Preferences } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { PreferencesForm } from './preferences-form';

const initial: Preferences = { locale: 'en', timeZone: 'Europe/Madrid', theme: 'light' };

async function setup(answer: (body: Preferences) => Response) {
  const mocked = mockApi((_url, init) => answer(JSON.parse(init?.body as string) as Preferences));
  await render(<PreferencesForm initial={initial} />);
  const save = () => fireEvent.click(screen.getByTestId('pref-save'));
  return { calls: mocked.calls, save };
}

describe('the preferences form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the choices and says so until something changes again', async () => {
    const { calls, save } = await setup((body) => json({ ok: 1, data: body }));
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    save();
    expect(await screen.findByTestId('pref-saved')).toBeTruthy();
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ ...initial, theme: 'dark' });
    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(screen.queryByTestId('pref-saved')).toBeNull();
  });

  it("puts the server's refusal of the time zone under it, and a failure of the whole save above", async () => {
    let answer = () =>
      json({ ok: 0, code: 'validation.failed', message: 'Not valid.', errors: { timeZone: ['This value is not allowed.'] } }, 422);
    const { save } = await setup(() => answer());
    save();
    expect(await screen.findByText('This value is not allowed.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    answer = () => {
      throw new TypeError('fetch failed');
    };
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your changes were not saved');
    expect(alert.textContent).toContain('The server could not be reached.');
  });
});
