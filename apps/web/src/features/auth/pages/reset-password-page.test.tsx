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
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ token: TOKEN, email: 'ana@example.com', password: 'a long new password' });
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
