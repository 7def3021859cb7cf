import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { rememberSignedOutReason } from '@/lib/signed-out-reason';
import LoginPage from './login-page';

const renderLogin = () =>
  render(
    <MantineProvider>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <LoginPage /> }])} />
    </MantineProvider>,
  );

describe('the sign-in page', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces(['auth']);
  });

  it('puts the cursor in the email field', () => {
    renderLogin();
    expect(document.activeElement).toBe(screen.getByTestId('login-email'));
  });

  it('says why the app signed the user out (a suspended account), once', () => {
    rememberSignedOutReason({ code: 'auth.suspended', message: 'This account is suspended. Contact support if you think this is a mistake.' });
    const { unmount } = renderLogin();
    const reason = screen.getByTestId('login-signed-out-reason');
    expect(reason.getAttribute('role')).toBe('alert');
    expect(reason.textContent).toContain('You were signed out');
    expect(reason.textContent).toContain('This account is suspended.');
    unmount();
    renderLogin();
    expect(screen.queryByTestId('login-signed-out-reason')).toBeNull();
  });
});
