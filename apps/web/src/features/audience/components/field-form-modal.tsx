import { Modal, Switch, TagsInput, TextInput } from '@mantine/core';
import {
  CONTACT_FIELD_TYPES,
  contactFieldCreateBodySchema,
  MAX_FIELD_CHOICES,
  type ContactField,
  type ContactFieldType,
} from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { ModalForm } from '@/components/modal-form';
import { SelectField } from '@/components/select-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useSaveContactField } from '../api/save-contact-field';

type Values = { name: string; type: ContactFieldType; choices: string[]; onForm: boolean };

/**
 * A contact field added or edited: its name, its type (only when adding: it cannot change), the
 * choices of a choice field (as tags), and whether my contact forms ask for it.
 */
export function FieldFormModal({ field, onClose }: { field: ContactField | null; onClose: () => void }) {
  const { t } = useTranslation(['audience', 'admin']);
  const save = useSaveContactField();
  // The whole body is checked with the creation's schema (an edit sends the same fields but the type).
  const form = useContractForm(contactFieldCreateBodySchema, {
    initialValues: {
      name: field?.name ?? '',
      type: field?.type ?? 'text',
      choices: field?.choices ?? [],
      onForm: field?.onForm ?? false,
    } satisfies Values,
    toBody: (v: Values) => ({ ...v, choices: v.type === 'choice' ? v.choices : [] }),
    messages: { choices: t('fields.choicesRequired') },
  });
  const isChoice = form.values.type === 'choice';

  const submit = form.onSubmit((body) => {
    const onSuccess = () => onClose();
    if (field) {
      save.mutate(
        { id: field.id, body: { name: body.name, onForm: body.onForm, ...(field.type === 'choice' ? { choices: body.choices } : {}) } },
        { onSuccess, onError: form.setServerError },
      );
    } else save.mutate({ id: null, body }, { onSuccess, onError: form.setServerError });
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={field ? t('fields.editTitle', { name: field.name }) : t('fields.addTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      <ModalForm
        onSubmit={submit}
        testId="field-form"
        error={form.generalError}
        errorTestId="field-form-error"
        cancelLabel={t('fields.cancel')}
        onCancel={onClose}
        submitLabel={field ? t('fields.save') : t('fields.add')}
        pending={save.isPending}
        submitTestId="field-form-submit"
      >
        <TextInput
          {...form.field('name')}
          label={t('fields.name')}
          description={t('fields.nameHint')}
          data-autofocus
          data-testid="field-name"
        />
        {field ? null : (
          <SelectField
            label={t('fields.type')}
            description={t('fields.typeHint')}
            value={form.values.type}
            onChange={(next) => form.form.setFieldValue('type', next as ContactFieldType)}
            data={CONTACT_FIELD_TYPES.map((type) => ({ value: type, label: t(`fields.types.${type}`) }))}
            error={form.errorOf('type')}
            data-testid="field-type"
          />
        )}
        {isChoice ? (
          <TagsInput
            label={t('fields.choices')}
            description={t('fields.choicesHint', { max: MAX_FIELD_CHOICES })}
            value={form.values.choices}
            onChange={(choices) => form.form.setFieldValue('choices', choices)}
            error={form.errorOf('choices')}
            maxTags={MAX_FIELD_CHOICES}
            splitChars={[',']}
            clearable
            required
            data-path="choices"
            data-testid="field-choices"
          />
        ) : null}
        <Switch
          {...form.field('onForm', { type: 'checkbox' })}
          label={t('fields.onForm')}
          description={t('fields.onFormHint')}
          data-testid="field-on-form"
        />
      </ModalForm>
    </Modal>
  );
}
