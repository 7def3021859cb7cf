import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emailOnlyBodySchema } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useResendVerification } from '../api/resend-verification';
import { resendErrorMessage } from './resend-feedback';

/** Ask for a new confirmation link (from a failed or expired one). */
export function ResendVerificationForm() {
  const { t } = useTranslation('register');
  const resend = useResendVerification();
  const form = useContractForm(emailOnlyBodySchema, {
    initialValues: { email: '' },
    messages: { email: t('errors.email') },
    errorMessage: (failure) => resendErrorMessage(failure, t),
  });

  const submit = form.onSubmit(({ email }) => resend.mutate(email, { onError: form.setServerError }));

  return (
    <form onSubmit={submit} noValidate aria-label={t('resend.formLabel')}>
      <Stack gap="sm">
        {resend.isSuccess ? (
          <Alert color="teal" role="status" data-testid="verify-resent">
            {t('resend.doneFor', { email: form.values.email.trim() })}
          </Alert>
        ) : null}
        <FormGeneralError error={form.generalError} />
        <TextInput
          {...form.field('email')}
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          data-testid="verify-resend-email"
        />
        <Button type="submit" loading={resend.isPending} data-testid="verify-resend-submit">
          {t('resend.button')}
        </Button>
      </Stack>
    </form>
  );
}
