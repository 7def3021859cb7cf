import { useEffect } from 'react';
import { Center, Paper } from '@mantine/core';
import { useLocation } from 'react-router';
import { SsoSignInPanel } from '../components/sso-sign-in-panel';
import { ForgotPasswordPanel } from '../components/forgot-password-panel';

/**
 * `/` in the SPA. The sign-in page itself is rendered by the server with a small script of its own
 * (apps/api/src/modules/login-page): reached from inside the app (logout, a guard), the browser loads
 * it. Only the "forgot password" panel (`/?forgot=1`) and "Sign in with SSO" (`/?sso=1`, and the
 * identity provider's return `/?sso_code=` or `/?sso_error=`) stay here.
 */
export default function SignInEntryPage() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const forgotOpen = params.get('forgot') === '1';
  const ssoCode = params.get('sso_code');
  const ssoError = params.get('sso_error');
  const ssoOpen = params.get('sso') === '1' || ssoCode !== null || ssoError !== null;
  useEffect(() => {
    if (!forgotOpen && !ssoOpen) window.location.replace('/');
  }, [forgotOpen, ssoOpen]);
  if (!forgotOpen && !ssoOpen) return null;
  return (
    <Center mih="calc(100dvh - 140px)" py="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md" w="100%" maw={420}>
        {ssoOpen ? (
          <SsoSignInPanel code={ssoCode} error={ssoError} onBack={() => window.location.assign('/')} />
        ) : (
          <ForgotPasswordPanel initialEmail="" onBack={() => window.location.assign('/')} />
        )}
      </Paper>
    </Center>
  );
}
