import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { DeleteAccountCard } from './delete-account-card';

async function setup(answer: () => Response) {
  const mocked = mockApi(() => answer());
  await render(<DeleteAccountCard />, { route: '/' });
  fireEvent.click(screen.getByTestId('options-delete-open'));
  await screen.findByTestId('options-delete-password');
  const password = () => screen.getByTestId<HTMLInputElement>('options-delete-password');
  const confirm = () => fireEvent.click(screen.getByTestId('options-delete-confirm'));
  return { calls: mocked.calls, password, confirm };
}

describe('deleting the account', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the password before sending anything', async () => {
    const { calls, password, confirm } = await setup(() => json({ ok: 1, data: {} }));
    confirm();
    expect(await screen.findByText('Enter your password to confirm.')).toBeTruthy();
    expect(document.activeElement).toBe(password());
    expect(calls).toHaveLength(0);
  });

  it("shows the server's refusal of the password on the field", async () => {
    const { password, confirm } = await setup(() =>
      json({ ok: 0, code: 'validation.failed', message: 'Not valid.', errors: { password: ['This password is not correct.'] } }, 422),
    );
    fireEvent.change(password(), { target: { value: 'wrong' } });
    confirm();
    expect(await screen.findByText('This password is not correct.')).toBeTruthy();
    expect(document.activeElement).toBe(password());
  });
});
