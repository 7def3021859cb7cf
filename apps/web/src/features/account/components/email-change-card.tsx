import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { ApiError } from '@/lib/http';
import { useChangeEmail } from '../api/change-email';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type Errors = { newEmail?: string; password?: string };

/** Change the sign-in email: a link goes to the new address; nothing changes until it is opened. */
export function EmailChangeCard({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation('account');
  const mutation = useChangeEmail();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const focus = (found: Errors) => (found.newEmail ? emailRef : passwordRef).current?.focus();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSentTo(null);
    const local: Errors = {};
    if (!EMAIL_PATTERN.test(newEmail.trim())) local.newEmail = t('email.errors.invalid');
    else if (newEmail.trim().toLowerCase() === currentEmail.toLowerCase()) local.newEmail = t('email.errors.same');
    if (!password) local.password = t('email.errors.password');
    setErrors(local);
    if (local.newEmail || local.password) return focus(local);
    mutation.mutate(
      { newEmail: newEmail.trim(), password },
      {
        onSuccess: (result) => {
          setSentTo(result.pendingEmail);
          setPassword('');
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || !error.fieldErrors) return;
          const server: Errors = { newEmail: error.fieldErrors.newEmail?.[0], password: error.fieldErrors.password?.[0] };
          setErrors(server);
          focus(server);
        },
      },
    );
  };

  const failure = mutation.error;
  const generalError =
    failure && !(failure instanceof ApiError && failure.fieldErrors)
      ? failure instanceof ApiError && failure.status === 0
        ? t('personal.errors.network')
        : failure.message
      : null;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="email-card">
      <form onSubmit={submit} noValidate aria-labelledby="email-card-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="email-card-title">
              {t('email.title')}
            </Title>
            <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('email.intro', { email: currentEmail })}
            </Text>
          </div>
          {sentTo ? (
            <Alert color="teal" role="status" title={t('email.sentTitle')} data-testid="email-sent">
              {t('email.sentBody', { email: sentTo })}
            </Alert>
          ) : null}
          {generalError ? (
            <Alert color="red" role="alert">
              {generalError}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              ref={emailRef}
              label={t('email.newEmail')}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={newEmail}
              onChange={(event) => {
                setNewEmail(event.currentTarget.value);
                setErrors((e) => ({ ...e, newEmail: undefined }));
              }}
              error={errors.newEmail}
              required
              maxLength={254}
              data-testid="email-new"
            />
            <PasswordField
              ref={passwordRef}
              label={t('email.password')}
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setErrors((e) => ({ ...e, password: undefined }));
              }}
              error={errors.password}
              required
              toggleLabel={t('togglePassword')}
              data-testid="email-password"
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={mutation.isPending} data-testid="email-submit">
              {t('email.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
