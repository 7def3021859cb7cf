import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { useForgotPassword } from '../api/forgot-password';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface ForgotPasswordPanelProps {
  /** What the visitor had typed in the sign-in form. */
  initialEmail: string;
  onBack: () => void;
}

/** "Forgot password" on the login page, loaded only when opened (keeps the login page light). */
export function ForgotPasswordPanel(props: ForgotPasswordPanelProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ForgotPassword {...props} />
    </QueryClientProvider>
  );
}

function ForgotPassword({ initialEmail, onBack }: ForgotPasswordPanelProps) {
  const { t } = useTranslation('password');
  const forgot = useForgotPassword();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError(t('errors.email'));
      input.current?.focus();
      return;
    }
    setError(undefined);
    forgot.mutate(email.trim());
  };

  const failure = forgot.error;
  const failureText =
    failure instanceof ApiError && failure.status === 429
      ? (failure.serverMessage ?? t('errors.limited'))
      : failure instanceof ApiError && failure.status === 0
        ? t('errors.network')
        : failure
          ? t('errors.generic')
          : null;

  return (
    <Stack gap="md" data-testid="forgot-panel">
      <div>
        <Title order={1} size="h2">
          {t('forgot.title')}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('forgot.subtitle')}
        </Text>
      </div>
      {forgot.isSuccess ? (
        <Alert color="teal" role="status" title={t('forgot.sentTitle')} data-testid="forgot-sent">
          {t('forgot.sentBody', { email: email.trim() })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('forgot.title')}>
          <Stack gap="sm">
            {failureText ? (
              <Alert color="red" role="alert">
                {failureText}
              </Alert>
            ) : null}
            <TextInput
              ref={input}
              label={t('fields.email')}
              type="email"
              inputMode="email"
              autoComplete="username"
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                setError(undefined);
              }}
              error={error}
              required
              data-testid="forgot-email"
            />
            <Button type="submit" fullWidth loading={forgot.isPending} data-testid="forgot-submit">
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component="button" type="button" size="sm" onClick={onBack} data-testid="forgot-back">
        {t('backToSignIn')}
      </Anchor>
    </Stack>
  );
}
