import { useEffect } from 'react';
import { Center, Paper } from '@mantine/core';
import { useLocation } from 'react-router';
import { ForgotPasswordPanel } from '../components/forgot-password-panel';

/**
 * `/` in the SPA. The sign-in page itself is rendered by the server with a small script of its own
 * (apps/api/src/modules/login-page): reached from inside the app (logout, a guard), the browser loads
 * it. Only the "forgot password" panel (`/?forgot=1`) stays here.
 */
export default function SignInEntryPage() {
  const { search } = useLocation();
  const forgotOpen = new URLSearchParams(search).get('forgot') === '1';
  useEffect(() => {
    if (!forgotOpen) window.location.replace('/');
  }, [forgotOpen]);
  if (!forgotOpen) return null;
  return (
    <Center mih="calc(100dvh - 140px)" py="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md" w="100%" maw={420}>
        <ForgotPasswordPanel initialEmail="" onBack={() => window.location.assign('/')} />
      </Paper>
    </Center>
  );
}
