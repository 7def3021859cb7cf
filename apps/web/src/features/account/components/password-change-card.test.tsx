import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { PasswordChangeCard } from './password-change-card';

async function setup(answer: () => Response = () => json({ ok: 1, data: {} })) {
  const mocked = mockApi(() => answer());
  await render(<PasswordChangeCard />);
  const input = (name: string) => screen.getByTestId<HTMLInputElement>(`password-${name}`);
  const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
  const submit = () => fireEvent.click(screen.getByTestId('password-submit'));
  return { calls: mocked.calls, input, type, submit };
}

describe('the password change card', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says what is missing on each field, focuses the first, and sends nothing', async () => {
    const { calls, input, type, submit } = await setup();
    type('newPassword', 'short');
    submit();
    expect(screen.getByText('Enter your current password.')).toBeTruthy();
    expect(screen.getByText('The new password needs at least 10 characters.')).toBeTruthy();
    expect(screen.getByText('The two passwords do not match.')).toBeTruthy();
    expect(document.activeElement).toBe(input('currentPassword'));
    expect(calls).toHaveLength(0);
  });

  it('refuses the current password as the new one', async () => {
    const { calls, input, type, submit } = await setup();
    type('currentPassword', 'the same password');
    type('newPassword', 'the same password');
    type('confirm', 'the same password');
    submit();
    expect(screen.getByText('Choose a password different from the current one.')).toBeTruthy();
    expect(document.activeElement).toBe(input('newPassword'));
    expect(calls).toHaveLength(0);
  });

  it('takes the longest password from the contract', async () => {
    const { input } = await setup();
    expect(input('newPassword').maxLength).toBe(200);
    expect(input('confirm').required).toBe(true);
  });

  it("shows the server's refusal of the current password on that field", async () => {
    const { calls, input, type, submit } = await setup(() =>
      json(
        {
          ok: 0,
          code: 'validation.failed',
          message: 'Some fields are not valid.',
          errors: { currentPassword: ['This password is not correct.'] },
        },
        422,
      ),
    );
    type('currentPassword', 'a wrong password');
    type('newPassword', 'a brand new password');
    type('confirm', 'a brand new password');
    submit();
    expect(await screen.findByText('This password is not correct.')).toBeTruthy();
    expect(document.activeElement).toBe(input('currentPassword'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({
      currentPassword: 'a wrong password',
      newPassword: 'a brand new password',
    });
  });

  it('says it is done and empties the fields', async () => {
    const { input, type, submit } = await setup();
    type('currentPassword', 'the old password');
    type('newPassword', 'a brand new password');
    type('confirm', 'a brand new password');
    submit();
    expect(await screen.findByTestId('password-done')).toBeTruthy();
    await waitFor(() => expect(input('newPassword').value).toBe(''));
    expect(screen.getByTestId('password-done')).toBeTruthy();
  });
});
