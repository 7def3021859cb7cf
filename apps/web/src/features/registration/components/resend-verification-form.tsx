import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useResendVerification } from '../api/resend-verification';
import { resendErrorMessage } from './resend-feedback';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Ask for a new confirmation link (from a failed or expired one). */
export function ResendVerificationForm() {
  const { t } = useTranslation('register');
  const resend = useResendVerification();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      setError(t('errors.email'));
      input.current?.focus();
      return;
    }
    setError(undefined);
    resend.mutate(email.trim());
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('resend.formLabel')}>
      <Stack gap="sm">
        {resend.isSuccess ? (
          <Alert color="teal" role="status" data-testid="verify-resent">
            {t('resend.doneFor', { email: email.trim() })}
          </Alert>
        ) : null}
        {resend.isError ? (
          <Alert color="red" role="alert">
            {resendErrorMessage(resend.error, t)}
          </Alert>
        ) : null}
        <TextInput
          ref={input}
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(undefined);
          }}
          error={error}
          required
          data-testid="verify-resend-email"
        />
        <Button type="submit" loading={resend.isPending} data-testid="verify-resend-submit">
          {t('resend.button')}
        </Button>
      </Stack>
    </form>
  );
}
