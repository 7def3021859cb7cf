import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@enlaza/contracts';
import { PasswordField } from '@/components/password-field';
import { usePageTitle } from '@/components/use-page-title';
import { ApiError } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { useResetPassword } from '../api/reset-password';

/** /reset-password/:token/:email: choose a new password with the emailed link. */
export default function ResetPasswordPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ResetPassword />
    </QueryClientProvider>
  );
}

type Errors = { password?: string; confirm?: string };

function ResetPassword() {
  const { t } = useTranslation('password');
  usePageTitle(t('reset.title'));
  const { token = '', email = '' } = useParams();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local: Errors = {};
    if (password.length < PASSWORD_MIN_LENGTH) local.password = t('errors.short', { min: PASSWORD_MIN_LENGTH });
    if (confirm !== password) local.confirm = t('errors.mismatch');
    setErrors(local);
    if (local.password) return passwordRef.current?.focus();
    if (local.confirm) return confirmRef.current?.focus();
    reset.mutate(
      { token, email, password },
      {
        onError: (error) => {
          const message = error instanceof ApiError ? error.fieldErrors?.password?.[0] : undefined;
          if (message) {
            setErrors({ password: message });
            passwordRef.current?.focus();
          }
        },
      },
    );
  };

  const failure = reset.error instanceof ApiError ? reset.error : null;
  const linkProblem = failure?.code === 'account.reset_expired' ? 'expired' : failure?.code === 'account.reset_invalid' ? 'invalid' : null;
  const otherError =
    reset.isError && !linkProblem && !errors.password
      ? failure?.status === 0
        ? t('errors.network')
        : (failure?.serverMessage ?? t('errors.generic'))
      : null;

  return (
    <Center py="md">
      <Paper withBorder shadow="sm" p={{ base: 'md', xs: 'xl' }} radius="md" w="100%" maw={440}>
        {reset.isSuccess ? (
          <Stack gap="md" role="status" data-testid="reset-done">
            <Title order={1} size="h2">
              {t('reset.doneTitle')}
            </Title>
            <Text>{t('reset.doneBody')}</Text>
            <Button component={Link} to="/">
              {t('backToSignIn')}
            </Button>
          </Stack>
        ) : linkProblem ? (
          <Stack gap="md" data-testid="reset-link-problem">
            <Title order={1} size="h2">
              {t('reset.linkProblemTitle')}
            </Title>
            <Text role="alert">{linkProblem === 'expired' ? t('reset.expired') : t('reset.invalid')}</Text>
            <Button component={Link} to="/?forgot=1" data-testid="reset-ask-again">
              {t('reset.askAgain')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {t('reset.title')}
              </Title>
              <Text c="dimmed" size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                {t('reset.subtitle', { email })}
              </Text>
            </div>
            {otherError ? (
              <Alert color="red" role="alert">
                {otherError}
              </Alert>
            ) : null}
            <form onSubmit={submit} noValidate aria-label={t('reset.title')}>
              <Stack gap="sm">
                <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
                <PasswordField
                  ref={passwordRef}
                  label={t('fields.newPassword')}
                  description={t('reset.hint', { min: PASSWORD_MIN_LENGTH })}
                  inputWrapperOrder={['label', 'description', 'input', 'error']}
                  autoComplete="new-password"
                  value={password}
                  onChange={(event) => {
                    setPassword(event.currentTarget.value);
                    setErrors((e) => ({ ...e, password: undefined }));
                  }}
                  error={errors.password}
                  required
                  toggleLabel={t('togglePassword')}
                  data-testid="reset-password"
                />
                <PasswordField
                  ref={confirmRef}
                  label={t('fields.confirm')}
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(event) => {
                    setConfirm(event.currentTarget.value);
                    setErrors((e) => ({ ...e, confirm: undefined }));
                  }}
                  error={errors.confirm}
                  required
                  toggleLabel={t('togglePassword')}
                  data-testid="reset-confirm"
                />
                <Button type="submit" fullWidth loading={reset.isPending} data-testid="reset-submit">
                  {t('reset.submit')}
                </Button>
              </Stack>
            </form>
            <Anchor component={Link} to="/" size="sm">
              {t('backToSignIn')}
            </Anchor>
          </Stack>
        )}
      </Paper>
    </Center>
  );
}
