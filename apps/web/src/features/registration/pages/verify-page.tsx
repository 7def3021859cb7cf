import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Button, Center, Divider, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';
import { queryClient } from '@/lib/query-client';
import { pendingInvitationPath } from '@/lib/pending-invitation';
import { getSession } from '@/lib/session';
import { useSignInWithCode } from '../api/sign-in-with-code';
import { useVerifyCode } from '../api/verify-code';
import { ResendVerificationForm } from '../components/resend-verification-form';

/**
 * /register/verify/:code: opens the emailed code once. An activated account is then signed in with
 * the one-time code the verification answered and lands on its dashboard (or on the team invitation
 * it registered from); if that fails (used, expired), the page says why and offers the sign-in form.
 * Someone already signed in keeps their session.
 */
export default function VerifyPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Verify />
    </QueryClientProvider>
  );
}

function failureReason(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.code === 'account.code_invalid') return t('verify.invalid');
    if (error.code === 'account.code_expired') return t('verify.expired');
  }
  return apiErrorMessage(error, t);
}

function signInFailure(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError && error.status !== 0 && error.serverMessage) return error.serverMessage;
  return t('verify.signInFailed');
}

function Verify() {
  const { t } = useTranslation('register');
  usePageTitle(t('verify.title'));
  const { code = '' } = useParams();
  const navigate = useNavigate();
  // Decided once, as the page opens: the sign-in below would otherwise change it.
  const [signedIn] = useState(() => getSession().token !== null);
  const result = useVerifyCode(code);
  const signInCode = !signedIn && result.data?.kind === 'account' ? result.data.signInCode : undefined;
  const signIn = useSignInWithCode(signInCode);
  const signingIn = Boolean(signInCode) && !signIn.isError;

  useEffect(() => {
    // A team invitation opened before registering is where the new account goes first.
    if (signIn.isSuccess) void navigate(pendingInvitationPath() ?? '/user/dashboard', { replace: true });
  }, [signIn.isSuccess, navigate]);

  return (
    <Center py="md">
      <Paper
        withBorder
        shadow="sm"
        p={{ base: 'md', xs: 'xl' }}
        radius="md"
        w="100%"
        maw={480}
        data-testid="verify-result"
        data-state={signingIn ? 'signing-in' : result.status}
      >
        {result.isPending || signingIn ? (
          <Stack align="center" gap="sm" py="lg" aria-busy="true" role="status">
            <Loader aria-hidden />
            <Text>{signingIn ? t('verify.signingIn') : t('verify.checking')}</Text>
          </Stack>
        ) : result.isSuccess ? (
          <Stack gap="md" role="status">
            <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
              <svg
                width="26"
                height="26"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M5 12l5 5L20 7" />
              </svg>
            </ThemeIcon>
            <Title order={1} size="h2">
              {result.data.kind === 'email_change' ? t('verify.emailChangedTitle') : t('verify.activatedTitle')}
            </Title>
            <Text style={{ overflowWrap: 'anywhere' }}>
              {result.data.kind === 'email_change'
                ? t('verify.emailChangedBody', { email: result.data.email })
                : t('verify.activatedBody', { email: result.data.email })}
            </Text>
            {signIn.isError ? (
              <Alert color="yellow" variant="light" role="alert" title={t('verify.signInFailedTitle')} data-testid="verify-sign-in-failed">
                {signInFailure(signIn.error, t)}
              </Alert>
            ) : null}
            {signedIn ? (
              <Button component={Link} to="/account" data-testid="verify-continue">
                {t('verify.toAccount')}
              </Button>
            ) : (
              <Button component={Link} to="/" data-testid="verify-continue">
                {t('verify.toSignIn')}
              </Button>
            )}
          </Stack>
        ) : (
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('verify.failedTitle')}
            </Title>
            <Text role="alert" data-testid="verify-reason">
              {failureReason(result.error, t)}
            </Text>
            <Divider />
            <Text size="sm" c="dimmed">
              {t('verify.askAgain')}
            </Text>
            <ResendVerificationForm />
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
