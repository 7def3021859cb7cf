import { Modal, TextInput } from '@mantine/core';
import { renameFileBodySchema, type CloudFile } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { notify } from '@/components/notifications';
import { useRenameFile } from '../api/rename-file';
import { ModalForm } from '@/components/modal-form';

function RenameForm({ file, onClose }: { file: CloudFile; onClose: () => void }) {
  const { t } = useTranslation('cloud');
  const rename = useRenameFile();
  const form = useContractForm(renameFileBodySchema, {
    initialValues: { name: file.name },
    messages: { name: (issue) => (issue.code === 'too_small' ? t('rename.required') : t('rename.invalid')) },
  });

  const submit = form.onSubmit(({ name }) =>
    rename.mutate(
      { id: file.id, name },
      {
        onSuccess: () => {
          notify('success', t('notify.renamed'));
          onClose();
        },
        onError: form.setServerError,
      },
    ),
  );

  return (
    <ModalForm
      onSubmit={submit}
      gap="md"
      error={form.generalError}
      cancelLabel={t('rename.cancel')}
      onCancel={onClose}
      submitLabel={t('rename.save')}
      pending={rename.isPending}
      submitTestId="cloud-rename-save"
    >
      <TextInput {...form.field('name')} label={t('rename.label')} data-autofocus data-testid="cloud-rename-input" />
    </ModalForm>
  );
}

export function RenameModal({ file, onClose }: { file: CloudFile | null; onClose: () => void }) {
  const { t } = useTranslation('cloud');
  return (
    <Modal opened={file !== null} onClose={onClose} title={t('rename.title')} centered closeButtonProps={{ 'aria-label': t('close') }}>
      {file ? <RenameForm key={file.id} file={file} onClose={onClose} /> : null}
    </Modal>
  );
}
