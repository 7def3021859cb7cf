import { useState, type FormEvent } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import type { CloudFile } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { cloudErrorMessage } from '@/lib/cloud-api';
import { notify } from '@/components/notifications';
import { useRenameFile } from '../api/files';
import { ModalFormFooter } from '@/components/modal-form-footer';

function RenameForm({ file, onClose }: { file: CloudFile; onClose: () => void }) {
  const { t } = useTranslation('cloud');
  const rename = useRenameFile();
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = name.trim();
    if (!value) return setError(t('rename.required'));
    if (/[/\\]/.test(value)) return setError(t('rename.invalid'));
    rename.mutate(
      { id: file.id, name: value },
      {
        onSuccess: () => {
          notify('success', t('notify.renamed'));
          onClose();
        },
        onError: (e) => setError(cloudErrorMessage(e, t)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('rename.label')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          maxLength={200}
          required
          data-autofocus
          data-testid="cloud-rename-input"
        />
        <ModalFormFooter
          error={rename.isError && !error ? cloudErrorMessage(rename.error, t) : null}
          cancelLabel={t('rename.cancel')}
          onCancel={onClose}
          submitLabel={t('rename.save')}
          pending={rename.isPending}
          submitTestId="cloud-rename-save"
        />
      </Stack>
    </form>
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
