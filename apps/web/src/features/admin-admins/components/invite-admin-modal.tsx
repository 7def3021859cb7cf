import { Modal, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { createAdminBodySchema } from '@enlaza/contracts';
import { notify } from '@/components/notifications';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useCreateAdmin } from '../api/create-admin';
import { ModalForm } from '@/components/modal-form';

/** Name and email of a new admin; they get an email to choose their password. */
export function InviteAdminModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['admin-admins', 'admin']);
  const create = useCreateAdmin();
  const form = useContractForm(createAdminBodySchema, {
    initialValues: { name: '', email: '' },
    messages: { name: t('invite.invalid.name'), email: t('invite.invalid.email') },
  });

  const close = () => {
    create.reset();
    form.form.clearErrors();
    form.setGeneralError(null);
    onClose();
  };

  const submit = form.onSubmit((body) =>
    create.mutate(body, {
      onSuccess: (admin) => {
        notify('success', t('invite.done', { name: admin.name, email: admin.email }));
        form.form.reset();
        close();
      },
      onError: form.setServerError,
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title={t('invite.title')} centered closeButtonProps={{ 'aria-label': t('admin:close') }}>
      <ModalForm
        onSubmit={submit}
        testId="invite-admin-form"
        error={form.generalError}
        errorTestId="invite-error"
        cancelLabel={t('admin:cancel')}
        onCancel={close}
        submitLabel={t('invite.submit')}
        pending={create.isPending}
        submitTestId="invite-submit"
      >
        <Text size="sm" c="dimmed">
          {t('invite.body')}
        </Text>
        <TextInput {...form.field('name')} label={t('invite.name')} autoComplete="off" data-autofocus data-testid="invite-name" />
        <TextInput {...form.field('email')} label={t('invite.email')} type="email" autoComplete="off" data-testid="invite-email" />
      </ModalForm>
    </Modal>
  );
}
