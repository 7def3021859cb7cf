import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import ResetPasswordPage from './reset-password-page';

const TOKEN = 'a-reset-token-of-the-link';

async function setup(answer: () => Response) {
  const mocked = mockApi(() => answer());
  await render(<ResetPasswordPage />, {
    path: '/reset-password/:token/:email',
    route: `/reset-password/${TOKEN}/ana@example.com`,
  });
  const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
  const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
  const submit = () => fireEvent.click(screen.getByTestId('reset-submit'));
  return { calls: mocked.calls, input, type, submit };
}

describe('choosing a new password from the emailed link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a short password and a repetition that differs, focusing the first', async () => {
    const { calls, input, type, submit } = await setup(() => json({ ok: 1, data: {} }));
    expect(input('reset-password').maxLength).toBe(200);
    type('reset-password', 'short');
    type('reset-confirm', 'other');
    submit();
    expect(screen.getByText('The password needs at least 10 characters.')).toBeTruthy();
    expect(screen.getByText('The two passwords do not match.')).toBeTruthy();
    expect(document.activeElement).toBe(input('reset-password'));
    expect(calls).toHaveLength(0);
  });

  it('sends the token, the email and the password, then says it is done', async () => {
    const { calls, type, submit } = await setup(() => json({ ok: 1, data: {} }));
    type('reset-password', 'a long new password');
    type('reset-confirm', 'a long new password');
    submit();
    expect(await screen.findByTestId('reset-done')).toBeTruthy();
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({
      token: TOKEN,
      email: 'ana@example.com',
      password: 'a long new password',
      revokeApiTokens: true,
      removePasskeys: true,
    });
  });

  it('revokes the access tokens and removes the passkeys too unless their boxes are unticked', async () => {
    const { calls, type, submit } = await setup(() => json({ ok: 1, data: {} }));
    const tokens = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Also revoke all access tokens' });
    const passkeys = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Also remove all passkeys' });
    expect(tokens.checked).toBe(true);
    expect(passkeys.checked).toBe(true);
    fireEvent.click(passkeys);
    type('reset-password', 'a long new password');
    type('reset-confirm', 'a long new password');
    submit();
    expect(await screen.findByTestId('reset-done')).toBeTruthy();
    expect(JSON.parse(calls[0]!.init?.body as string)).toMatchObject({ revokeApiTokens: true, removePasskeys: false });
  });

  it("shows the server's refusal of the password on its field", async () => {
    const { input, type, submit } = await setup(() =>
      json(
        {
          ok: 0,
          code: 'validation.failed',
          message: 'Not valid.',
          errors: { password: ['This password is among the most common ones. Choose another.'] },
        },
        422,
      ),
    );
    type('reset-password', 'qwertyuiop');
    type('reset-confirm', 'qwertyuiop');
    submit();
    expect(await screen.findByText('This password is among the most common ones. Choose another.')).toBeTruthy();
    expect(document.activeElement).toBe(input('reset-password'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers to ask again when the link has expired', async () => {
    const { type, submit } = await setup(() => json({ ok: 0, code: 'account.reset_expired', message: 'This link has expired.' }, 422));
    type('reset-password', 'a long new password');
    type('reset-confirm', 'a long new password');
    submit();
    expect(await screen.findByTestId('reset-ask-again')).toBeTruthy();
  });
});
