import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deleteAccountBodySchema } from '@enlaza/contracts';
import { FormGeneralError } from '@/components/form-general-error';
import { PasswordField } from '@/components/password-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { queryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session';
import { useDeleteAccount } from '../api/delete-account';

/** Danger zone: delete the account after confirming with the password; then signed out, at `/`. */
export function DeleteAccountCard() {
  const { t } = useTranslation('options');
  const navigate = useNavigate();
  const mutation = useDeleteAccount();
  const [opened, setOpened] = useState(false);
  const form = useContractForm(deleteAccountBodySchema, {
    initialValues: { password: '' },
    messages: { password: t('delete.passwordRequired') },
  });

  const close = () => {
    if (mutation.isPending) return;
    setOpened(false);
    form.form.reset();
    form.setGeneralError(null);
    mutation.reset();
  };

  const submit = form.onSubmit(({ password }) =>
    mutation.mutate(password, {
      onSuccess: () => {
        clearSession();
        void Promise.resolve(navigate('/', { replace: true })).then(() => queryClient.clear());
      },
      onError: form.setServerError,
    }),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} className="danger-zone" data-testid="options-delete">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" c="red">
            {t('delete.title')}
          </Title>
          <Text size="sm">{t('delete.intro')}</Text>
        </div>
        <Group justify="flex-end">
          <Button color="red" variant="outline" onClick={() => setOpened(true)} data-testid="options-delete-open">
            {t('delete.button')}
          </Button>
        </Group>
      </Stack>
      <Modal
        opened={opened}
        onClose={close}
        title={t('delete.modalTitle')}
        centered
        closeButtonProps={{ 'aria-label': t('delete.cancel') }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">{t('delete.modalBody')}</Text>
            <PasswordField
              {...form.field('password')}
              id="delete-account-password"
              label={t('delete.password')}
              autoComplete="current-password"
              data-autofocus
              toggleLabel={t('togglePassword')}
              data-testid="options-delete-password"
            />
            <FormGeneralError error={form.generalError} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={mutation.isPending}>
                {t('delete.cancel')}
              </Button>
              <Button type="submit" color="red" loading={mutation.isPending} data-testid="options-delete-confirm">
                {t('delete.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
