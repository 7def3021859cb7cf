import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { emailOnlyBodySchema } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { ApiError } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { useForgotPassword } from '../api/forgot-password';

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
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const form = useContractForm(emailOnlyBodySchema, {
    initialValues: { email: initialEmail },
    messages: { email: t('errors.email') },
    errorMessage: (failure) =>
      failure instanceof ApiError && failure.status === 429 ? (failure.serverMessage ?? t('errors.limited')) : apiErrorMessage(failure, t),
  });

  const submit = form.onSubmit(({ email }) => forgot.mutate(email, { onError: form.setServerError }));

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
          {t('forgot.sentBody', { email: form.values.email.trim() })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('forgot.title')}>
          <Stack gap="sm">
            <FormGeneralError error={form.generalError} />
            <TextInput
              {...form.field('email')}
              ref={input}
              label={t('fields.email')}
              type="email"
              inputMode="email"
              autoComplete="username"
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
