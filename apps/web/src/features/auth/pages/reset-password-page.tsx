import { Link, useParams } from 'react-router';
import { useState } from 'react';
import { Anchor, Button, Center, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, resetPasswordBodySchema } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { PasswordField } from '@/components/password-field';
import { usePageTitle } from '@/components/use-page-title';
import { useContractForm } from '@/lib/forms/use-contract-form';
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

/** The new password of the body (the token and email come from the link) and its repetition. */
const formSchema = resetPasswordBodySchema
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .superRefine((values, ctx) => {
    if (values.confirm !== values.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'mismatch' });
  });

function ResetPassword() {
  const { t } = useTranslation('password');
  usePageTitle(t('reset.title'));
  const { token = '', email = '' } = useParams();
  const reset = useResetPassword();
  // Whoever had the account may have left a token or a passkey to come back: both go unless unticked.
  const [revokeApiTokens, setRevokeApiTokens] = useState(true);
  const [removePasskeys, setRemovePasskeys] = useState(true);
  const form = useContractForm(formSchema, {
    initialValues: { password: '', confirm: '' },
    messages: { password: t('errors.short', { min: PASSWORD_MIN_LENGTH }), confirm: t('errors.mismatch') },
  });

  const submit = form.onSubmit(({ password }) =>
    reset.mutate({ token, email, password, revokeApiTokens, removePasskeys }, { onError: form.setServerError }),
  );

  const failure = reset.error instanceof ApiError ? reset.error : null;
  const linkProblem = failure?.code === 'account.reset_expired' ? 'expired' : failure?.code === 'account.reset_invalid' ? 'invalid' : null;

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
            <FormGeneralError error={form.generalError} />
            <form onSubmit={submit} noValidate aria-label={t('reset.title')}>
              <Stack gap="sm">
                <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
                <PasswordField
                  {...form.field('password')}
                  label={t('fields.newPassword')}
                  description={t('reset.hint', { min: PASSWORD_MIN_LENGTH })}
                  inputWrapperOrder={['label', 'description', 'input', 'error']}
                  autoComplete="new-password"
                  toggleLabel={t('togglePassword')}
                  data-testid="reset-password"
                />
                <PasswordField
                  {...form.field('confirm')}
                  // The repetition is not part of the body, but it is asked for.
                  required
                  label={t('fields.confirm')}
                  autoComplete="new-password"
                  toggleLabel={t('togglePassword')}
                  data-testid="reset-confirm"
                />
                <Text size="sm" c="dimmed">
                  {t('reset.signsOut')}
                </Text>
                <Checkbox
                  checked={revokeApiTokens}
                  onChange={(event) => setRevokeApiTokens(event.currentTarget.checked)}
                  label={t('reset.revokeApiTokens')}
                  data-testid="reset-revoke-tokens"
                />
                <Checkbox
                  checked={removePasskeys}
                  onChange={(event) => setRemovePasskeys(event.currentTarget.checked)}
                  label={t('reset.removePasskeys')}
                  data-testid="reset-remove-passkeys"
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
