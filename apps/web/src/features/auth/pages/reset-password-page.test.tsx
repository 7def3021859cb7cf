import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { json, mockApi } from '@/test/mock-api';
import ResetPasswordPage from './reset-password-page';

const TOKEN = 'a-reset-token-of-the-link';

function setup(answer: () => Response) {
  const mocked = mockApi(() => answer());
  const router = createMemoryRouter([{ path: '/reset-password/:token/:email', element: <ResetPasswordPage /> }], {
    initialEntries: [`/reset-password/${TOKEN}/ana@example.com`],
  });
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
  const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });
  const submit = () => fireEvent.click(screen.getByTestId('reset-submit'));
  return { calls: mocked.calls, input, type, submit };
}

describe('choosing a new password from the emailed link', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces(['password', 'common']);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a short password and a repetition that differs, focusing the first', () => {
    const { calls, input, type, submit } = setup(() => json({ ok: 1, data: {} }));
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
    const { calls, type, submit } = setup(() => json({ ok: 1, data: {} }));
    type('reset-password', 'a long new password');
    type('reset-confirm', 'a long new password');
    submit();
    expect(await screen.findByTestId('reset-done')).toBeTruthy();
    expect(JSON.parse(calls[0]!.init?.body as string)).toEqual({ token: TOKEN, email: 'ana@example.com', password: 'a long new password' });
  });

  it("shows the server's refusal of the password on its field", async () => {
    const { input, type, submit } = setup(() =>
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
    const { type, submit } = setup(() => json({ ok: 0, code: 'account.reset_expired', message: 'This link has expired.' }, 422));
    type('reset-password', 'a long new password');
    type('reset-confirm', 'a long new password');
    submit();
    expect(await screen.findByTestId('reset-ask-again')).toBeTruthy();
  });
});
