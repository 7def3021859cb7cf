import { useState, type FormEvent } from 'react';
import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { createAdminBodySchema } from '@enlaza/contracts';
import { apiErrorMessage } from '@/components/api-error-message';
import { notify } from '@/components/notifications';
import { ApiError } from '@/lib/api-error';
import { useCreateAdmin } from '../api/admin-mutations';
import { ModalFormFooter } from '@/components/modal-form-footer';

type FieldErrors = Partial<Record<'name' | 'email', string>>;

/** Name and email of a new admin; they get an email to choose their password. */
export function InviteAdminModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation(['admin-admins', 'admin']);
  const create = useCreateAdmin();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const close = () => {
    create.reset();
    setErrors({});
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createAdminBodySchema.safeParse({ name, email });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'name' || field === 'email') next[field] = t(`invite.invalid.${field}`);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (admin) => {
        notify('success', t('invite.done', { name: admin.name, email: admin.email }));
        setName('');
        setEmail('');
        close();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) {
          setErrors({ name: error.fieldErrors.name?.[0], email: error.fieldErrors.email?.[0] });
        }
      },
    });
  };

  const serverError =
    create.isError && !(create.error instanceof ApiError && create.error.fieldErrors) ? apiErrorMessage(create.error, t) : null;

  return (
    <Modal opened={opened} onClose={close} title={t('invite.title')} centered closeButtonProps={{ 'aria-label': t('admin:close') }}>
      <form onSubmit={submit} noValidate data-testid="invite-admin-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('invite.body')}
          </Text>
          <TextInput
            label={t('invite.name')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            required
            autoComplete="off"
            data-autofocus
            data-testid="invite-name"
          />
          <TextInput
            label={t('invite.email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
            autoComplete="off"
            data-testid="invite-email"
          />
          <ModalFormFooter
            error={serverError}
            errorTestId="invite-error"
            cancelLabel={t('admin:cancel')}
            onCancel={close}
            submitLabel={t('invite.submit')}
            pending={create.isPending}
            submitTestId="invite-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
