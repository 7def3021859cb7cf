import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { ApiError } from '@/lib/http';
import { useChangePassword } from '../api/change-password';

const MIN_LENGTH = 10;
type Field = 'currentPassword' | 'newPassword' | 'confirm';
type Errors = Partial<Record<Field, string>>;
const ORDER: Field[] = ['currentPassword', 'newPassword', 'confirm'];

/** Change the password; the other sessions are closed by the server. */
export function PasswordChangeCard() {
  const { t } = useTranslation('account');
  const mutation = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);
  const refs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const focus = (found: Errors) => {
    const field = ORDER.find((f) => found[f]);
    if (field) refs.current[field]?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    const local: Errors = {};
    if (!values.currentPassword) local.currentPassword = t('password.errors.current');
    if (values.newPassword.length < MIN_LENGTH) local.newPassword = t('password.errors.short', { min: MIN_LENGTH });
    else if (values.newPassword === values.currentPassword) local.newPassword = t('password.errors.same');
    if (values.confirm !== values.newPassword) local.confirm = t('password.errors.mismatch');
    setErrors(local);
    if (Object.keys(local).length > 0) return focus(local);
    mutation.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          setDone(true);
          setValues({ currentPassword: '', newPassword: '', confirm: '' });
        },
        onError: (error) => {
          if (!(error instanceof ApiError) || !error.fieldErrors) return;
          const server: Errors = {
            currentPassword: error.fieldErrors.currentPassword?.[0],
            newPassword: error.fieldErrors.newPassword?.[0],
          };
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

  const field = (name: Field, autoComplete: string) => (
    <PasswordField
      ref={(el) => {
        refs.current[name] = el;
      }}
      label={t(`password.${name}`)}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setValues((v) => ({ ...v, [name]: next }));
        setErrors((e) => ({ ...e, [name]: undefined }));
        setDone(false);
      }}
      error={errors[name]}
      required
      toggleLabel={t('togglePassword')}
      data-testid={`password-${name}`}
    />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="password-card">
      <form onSubmit={submit} noValidate aria-labelledby="password-card-title">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="password-card-title">
              {t('password.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('password.intro', { min: MIN_LENGTH })}
            </Text>
          </div>
          {done ? (
            <Alert color="teal" role="status" title={t('password.doneTitle')} data-testid="password-done">
              {t('password.doneBody')}
            </Alert>
          ) : null}
          {generalError ? (
            <Alert color="red" role="alert">
              {generalError}
            </Alert>
          ) : null}
          {/* Lets password managers know which account this is. */}
          <input type="text" name="username" autoComplete="username" hidden readOnly value="" />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {field('currentPassword', 'current-password')}
            {field('newPassword', 'new-password')}
            {field('confirm', 'new-password')}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="light" loading={mutation.isPending} data-testid="password-submit">
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
