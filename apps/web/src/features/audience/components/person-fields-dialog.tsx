import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { ContactField, FieldValue } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ModalForm } from '@/components/modal-form';
import { SelectField } from '@/components/select-field';
import { ApiError } from '@/lib/api-error';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useContactFields } from '../api/get-contact-fields';
import { usePersonFields } from '../api/get-person-fields';
import { useSavePersonFields } from '../api/save-person-fields';

/** One input per field, as text (a number typed as written, "1,5" too; a date as the browser's date input gives it). */
function FieldInput({
  field,
  value,
  error,
  onChange,
}: {
  field: ContactField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('audience');
  if (field.type === 'choice')
    return (
      <SelectField
        label={field.name}
        value={value}
        onChange={onChange}
        data={[{ value: '', label: t('personFields.none') }, ...field.choices.map((c) => ({ value: c, label: c }))]}
        error={error}
        data-testid={`person-field-${field.id}`}
      />
    );
  return (
    <TextInput
      label={field.name}
      type={field.type === 'date' ? 'date' : 'text'}
      inputMode={field.type === 'number' ? 'decimal' : undefined}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      maxLength={500}
      data-testid={`person-field-${field.id}`}
    />
  );
}

function PersonFieldsForm({
  email,
  fields,
  values,
  onClose,
}: {
  email: string;
  fields: ContactField[];
  values: Record<string, string | number>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['audience', 'admin']);
  const save = useSavePersonFields();
  const initial = Object.fromEntries(fields.map((f) => [f.id, values[f.id] === undefined ? '' : String(values[f.id])]));
  const [draft, setDraft] = useState<Record<string, string>>(initial);
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : undefined;
  const errorOf = (id: string) => fieldErrors?.[`values.${id}`]?.[0];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Only what changed is sent: an emptied value is cleared (null), the others keep theirs.
    const changed: Record<string, FieldValue> = {};
    for (const f of fields) if (draft[f.id] !== initial[f.id]) changed[f.id] = draft[f.id]!.trim() === '' ? null : draft[f.id]!.trim();
    if (Object.keys(changed).length === 0) return onClose();
    save.mutate({ email, values: changed }, { onSuccess: onClose });
  }

  return (
    <ModalForm
      onSubmit={submit}
      testId="person-fields-form"
      error={save.error && !fieldErrors ? apiErrorMessage(save.error, t) : null}
      cancelLabel={t('fields.cancel')}
      onCancel={onClose}
      submitLabel={t('fields.save')}
      pending={save.isPending}
      submitTestId="person-fields-save"
    >
      {fields.map((f) => (
        <FieldInput
          key={f.id}
          field={f}
          value={draft[f.id] ?? ''}
          error={errorOf(f.id)}
          onChange={(v) => setDraft((d) => ({ ...d, [f.id]: v }))}
        />
      ))}
    </ModalForm>
  );
}

/** What I know about one address in my contact fields: seen and changed here (the API's `PUT /api/audience/fields/values`). */
export function PersonFieldsDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  const { t } = useTranslation(['audience', 'admin']);
  return (
    <Modal
      opened={email !== null}
      onClose={onClose}
      title={t('personFields.title', { email: email ?? '' })}
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      {email ? <PersonFieldsContent email={email} onClose={onClose} /> : null}
    </Modal>
  );
}

/** The dialog's content, asked for only while it is open. */
function PersonFieldsContent({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation(['audience', 'admin']);
  const fields = useContactFields();
  const values = usePersonFields(email);
  const failed = fields.error ?? values.error;
  return (
    <>
      {failed ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(failed, t)}
        </Alert>
      ) : !fields.data || !values.data ? (
        <Skeleton height={120} aria-busy="true" aria-label={t('personFields.loading')} />
      ) : fields.data.length === 0 ? (
        <Stack gap="xs">
          <Text size="sm">{t('personFields.noFields')}</Text>
          <Anchor component={Link} to="/user/campanas/audiencia?tab=campos" size="sm">
            {t('personFields.addFields')}
          </Anchor>
        </Stack>
      ) : (
        <PersonFieldsForm key={email} email={email} fields={fields.data} values={values.data.values} onClose={onClose} />
      )}
    </>
  );
}
