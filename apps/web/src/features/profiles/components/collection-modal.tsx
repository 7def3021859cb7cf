import { useState } from 'react';
import { ColorInput, Modal, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { collectionBodySchema, type Collection, type ProfileKind } from '@enlaza/contracts';
import { useContractForm } from '@/lib/forms/use-contract-form';
import type { CollectionType } from '../api/keys';
import { useSaveCollection } from '../api/save-collection';
import { SWATCHES } from '@/components/swatches';
import { ModalForm } from '@/components/modal-form';

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
  const form = useContractForm(collectionBodySchema, {
    initialValues: { name: current?.name ?? '', color: current?.color ?? SWATCHES[0]! },
    toBody: (values) => ({ ...values, kind }),
    messages: { name: t('collections.nameRequired'), color: t('collections.colorInvalid') },
  });

  const submit = form.onSubmit((body) =>
    save.mutate(
      { id: current?.id ?? null, body },
      { onSuccess: (saved) => onSaved(saved, current === null), onError: form.setServerError },
    ),
  );

  return (
    <ModalForm
      onSubmit={submit}
      testId="collection-form"
      error={form.generalError}
      cancelLabel={t('admin:cancel')}
      onCancel={onClose}
      submitLabel={t('collections.save')}
      pending={save.isPending}
      submitTestId="collection-submit"
    >
      <TextInput {...form.field('name')} label={t('collections.name')} data-autofocus data-testid="collection-name" />
      <ColorInput
        {...form.field('color')}
        label={t('collections.color')}
        format="hex"
        swatches={SWATCHES}
        swatchesPerRow={6}
        eyeDropperButtonProps={{ 'aria-label': t('settings.eyeDropper'), title: t('settings.eyeDropper') }}
        data-testid="collection-color"
      />
    </ModalForm>
  );
}
