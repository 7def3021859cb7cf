import { useMemo, useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { emailChangeBodySchema } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { PasswordField } from '@/components/password-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useChangeEmail } from '../api/change-email';

/** Change the sign-in email: a link goes to the new address; nothing changes until it is opened. */
export function EmailChangeCard({ currentEmail }: { currentEmail: string }) {
  const { t } = useTranslation('account');
  const mutation = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      emailChangeBodySchema.superRefine((body, ctx) => {
        if (body.newEmail === currentEmail.toLowerCase()) ctx.addIssue({ code: 'custom', path: ['newEmail'], message: 'same' });
      }),
    [currentEmail],
  );
  const form = useContractForm(schema, {
    initialValues: { newEmail: '', password: '' },
    messages: {
      newEmail: (issue) => (issue.code === 'custom' ? t('email.errors.same') : t('email.errors.invalid')),
      password: t('email.errors.password'),
    },
  });

  const submit = form.onSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (result) => {
        setSentTo(result.pendingEmail);
        form.form.setFieldValue('password', '');
      },
      onError: form.setServerError,
    }),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="email-card">
      <form
        onSubmit={(event) => {
          setSentTo(null);
          submit(event);
        }}
        noValidate
        aria-labelledby="email-card-title"
      >
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
          <FormGeneralError error={form.generalError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              {...form.field('newEmail')}
              label={t('email.newEmail')}
              type="email"
              inputMode="email"
              autoComplete="email"
              data-testid="email-new"
            />
            <PasswordField
              {...form.field('password')}
              label={t('email.password')}
              autoComplete="current-password"
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
