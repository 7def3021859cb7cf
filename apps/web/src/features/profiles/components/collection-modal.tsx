import { useState, type FormEvent } from 'react';
import { ColorInput, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Collection, ProfileKind } from '@enlaza/contracts';
import { apiErrorMessage } from '@/components/api-error-message';
import { ApiError } from '@/lib/api-error';
import { useSaveCollection, type CollectionType } from '../api/collections';
import { SWATCHES } from './swatches';
import { ModalFormFooter } from '@/components/modal-form-footer';

interface Props {
  type: CollectionType;
  kind: ProfileKind;
  editing: Collection | 'new' | null;
  onClose: () => void;
  onSaved: (saved: Collection, created: boolean) => void;
}

/**
 * Create (editing === 'new') or rename/recolour a folder or label. The Modal itself stays mounted (so
 * Mantine returns focus to the button that opened it); the form inside remounts for each opening.
 */
export function CollectionModal({ type, kind, editing, onClose, onSaved }: Props) {
  const { t } = useTranslation(['profiles', 'admin']);
  const opened = editing !== null;
  // The last item shown stays while the modal closes; each opening gets a fresh form.
  const [shown, setShown] = useState<{ opened: boolean; item: Collection | 'new' | null; session: number }>({
    opened,
    item: editing,
    session: 0,
  });
  if (shown.opened !== opened || (opened && shown.item !== editing))
    setShown({ opened, item: opened ? editing : shown.item, session: opened ? shown.session + 1 : shown.session });
  const item = opened ? editing : shown.item;
  const what = type === 'folders' ? 'folder' : 'label';

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(item !== null && item !== 'new' ? `collections.${what}.editTitle` : `collections.${what}.createTitle`)}
      centered
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      {item !== null ? (
        <CollectionForm
          key={shown.session}
          type={type}
          kind={kind}
          current={item === 'new' ? null : item}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </Modal>
  );
}

function CollectionForm({ type, kind, current, onClose, onSaved }: Omit<Props, 'editing'> & { current: Collection | null }) {
  const { t } = useTranslation(['profiles', 'admin']);
  const save = useSaveCollection(type);
  const [name, setName] = useState(current?.name ?? '');
  const [color, setColor] = useState(current?.color ?? SWATCHES[0]!);
  const [errors, setErrors] = useState<{ name?: string; color?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: typeof errors = {};
    if (!name.trim()) local.name = t('collections.nameRequired');
    if (!/^#[0-9a-fA-F]{6}$/.test(color)) local.color = t('collections.colorInvalid');
    setErrors(local);
    if (local.name || local.color) return;
    save.mutate(
      { id: current?.id ?? null, body: { kind, name: name.trim(), color } },
      {
        onSuccess: (saved) => onSaved(saved, current === null),
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors)
            setErrors({ name: error.fieldErrors.name?.[0], color: error.fieldErrors.color?.[0] });
        },
      },
    );
  };

  const showServerError = save.isError && !(save.error instanceof ApiError && save.error.fieldErrors);

  return (
    <form onSubmit={submit} noValidate data-testid="collection-form">
      <Stack gap="sm">
        <TextInput
          label={t('collections.name')}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setErrors((x) => ({ ...x, name: undefined }));
          }}
          error={errors.name}
          maxLength={60}
          required
          data-autofocus
          data-testid="collection-name"
        />
        <ColorInput
          label={t('collections.color')}
          value={color}
          onChange={(value) => {
            setColor(value);
            setErrors((x) => ({ ...x, color: undefined }));
          }}
          format="hex"
          swatches={SWATCHES}
          swatchesPerRow={6}
          eyeDropperButtonProps={{ 'aria-label': t('settings.eyeDropper'), title: t('settings.eyeDropper') }}
          error={errors.color}
          required
          data-testid="collection-color"
        />
        <ModalFormFooter
          error={showServerError ? apiErrorMessage(save.error, t) : null}
          cancelLabel={t('admin:cancel')}
          onCancel={onClose}
          submitLabel={t('collections.save')}
          pending={save.isPending}
          submitTestId="collection-submit"
        />
      </Stack>
    </form>
  );
}
