import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { UserOptions } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { AliasCard } from './alias-card';

const options: UserOptions = { alias: 'ana', previousAliases: [], notificationEmails: [] };

async function setup(answer: (url: string, body?: { alias: string }) => Response) {
  const mocked = mockApi((url, init) => answer(url, init?.body ? (JSON.parse(init.body as string) as { alias: string }) : undefined));
  await render(<AliasCard options={options} />);
  const input = () => screen.getByTestId<HTMLInputElement>('options-alias-input');
  const type = (value: string) => fireEvent.change(input(), { target: { value } });
  const submit = () => fireEvent.click(screen.getByTestId('options-alias-save'));
  return { calls: mocked.calls, input, type, submit };
}

describe('the alias card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes at most the contract’s 30 characters and refuses a malformed alias before sending', async () => {
    const { calls, input, type, submit } = await setup(() => json({ ok: 1, data: options }));
    expect(input().maxLength).toBe(30);
    expect(input().required).toBe(true);
    type('no spaces allowed');
    submit();
    expect(screen.getByText('Use 3 to 30 lowercase letters, digits or hyphens.')).toBeTruthy();
    expect(document.activeElement).toBe(input());
    expect(calls).toHaveLength(0);
  });

  it('sends the alias in lower case and says it is saved', async () => {
    const { calls, type, submit } = await setup((_url, body) => json({ ok: 1, data: { ...options, alias: body!.alias } }));
    type(' Ana-Lopez ');
    submit();
    expect(await screen.findByTestId('options-alias-saved')).toBeTruthy();
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ alias: 'ana-lopez' });
  });

  it('shows a taken alias on the field and offers the free suggestion', async () => {
    const { input, type, submit } = await setup((url) =>
      url.startsWith('/api/register/alias')
        ? json({ ok: 1, data: { alias: 'ana-lopez', valid: true, available: false, suggestion: 'ana-lopez-2' } })
        : json(
            { ok: 0, code: 'account.alias_taken', message: 'Taken.', errors: { alias: ['This alias is taken. Try ana-lopez-2.'] } },
            409,
          ),
    );
    type('ana-lopez');
    submit();
    expect(await screen.findByText('This alias is taken. Try ana-lopez-2.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(await screen.findByTestId('options-alias-suggestion'));
    await waitFor(() => expect(input().value).toBe('ana-lopez-2'));
    expect(screen.queryByText('This alias is taken. Try ana-lopez-2.')).toBeNull();
  });
});
