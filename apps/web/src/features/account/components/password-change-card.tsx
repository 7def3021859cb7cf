import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordChangeBodySchema } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { PasswordField } from '@/components/password-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useChangePassword } from '../api/change-password';

type Field = 'currentPassword' | 'newPassword' | 'confirm';

/** The contract's body plus the repeated password, which never leaves the page. */
const formSchema = passwordChangeBodySchema.extend({ confirm: z.string() }).superRefine((values, ctx) => {
  if (values.newPassword === values.currentPassword) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'same' });
  if (values.confirm !== values.newPassword) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'mismatch' });
});

/** Change the password; the other sessions are closed by the server. */
export function PasswordChangeCard() {
  const { t } = useTranslation('account');
  const mutation = useChangePassword();
  const [done, setDone] = useState(false);
  const form = useContractForm(formSchema, {
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    messages: {
      currentPassword: t('password.errors.current'),
      newPassword: (issue) =>
        issue.code === 'custom' ? t('password.errors.same') : t('password.errors.short', { min: PASSWORD_MIN_LENGTH }),
      confirm: t('password.errors.mismatch'),
    },
    onValuesChange: () => setDone(false),
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) =>
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.form.reset();
          setDone(true);
        },
        onError: form.setServerError,
      },
    ),
  );

  const field = (name: Field, autoComplete: string) => (
    <PasswordField
      {...form.field(name)}
      // The repeated password is not part of the body, but it is asked for.
      required
      label={t(`password.${name}`)}
      autoComplete={autoComplete}
      toggleLabel={t('togglePassword')}
      data-testid={`password-${name}`}
    />
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="password-card">
      <form
        onSubmit={(event) => {
          setDone(false);
          submit(event);
        }}
        noValidate
        aria-labelledby="password-card-title"
      >
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="password-card-title">
              {t('password.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('password.intro', { min: PASSWORD_MIN_LENGTH })}
            </Text>
          </div>
          {done ? (
            <Alert color="teal" role="status" title={t('password.doneTitle')} data-testid="password-done">
              {t('password.doneBody')}
            </Alert>
          ) : null}
          <FormGeneralError error={form.generalError} />
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
