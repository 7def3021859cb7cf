import { useState, type FormEvent } from 'react';
import { Checkbox, Fieldset, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { catalogueSchemas, type CatalogueAdmin, type CatalogueBody, type CatalogueKind } from '@enlaza/contracts';
import { apiErrorMessage } from '@/components/api-error-message';
import { notify } from '@/components/notifications';
import { SelectField, type SelectFieldOption } from '@/components/select-field';
import { ApiError } from '@/lib/api-error';
import { useSaveCatalogueItem } from '../api/catalogue';
import { eurosToCents, megabytesToBytes, percentToBasisPoints } from '../lib/amounts';
import { ModalFormFooter } from '@/components/modal-form-footer';

export const LANGUAGES = ['en', 'es', 'jp'] as const;
export type Values = Record<string, string | boolean>;

/** One input of a catalogue form; `name` is the body's field, so server errors land next to it. */
export type FieldSpec =
  | { name: string; type: 'code' }
  | { name: string; type: 'integer'; labelKey: string; hintKey?: string }
  | { name: string; type: 'money' | 'percent' | 'megabytes'; labelKey: string; hintKey?: string }
  | { name: string; type: 'select'; labelKey: string; options: SelectFieldOption[] }
  | { name: string; type: 'checkbox'; labelKey: string };

/** The text fields typed as euros, percent or MB, and the number the API wants from each. */
function convert(field: FieldSpec, value: string | boolean): number | string | boolean | null | undefined {
  if (typeof value === 'boolean') return value;
  switch (field.type) {
    case 'money':
      return eurosToCents(value);
    case 'percent':
      return percentToBasisPoints(value);
    case 'megabytes':
      return megabytesToBytes(value);
    case 'integer':
      return /^-?\d{1,12}$/.test(value.trim()) ? Number(value.trim()) : null;
    case 'select':
      return value === '' ? null : value;
    default:
      return value;
  }
}

/** The body the API expects from what was typed, or the fields that could not be read. */
export function buildBody(fields: FieldSpec[], values: Values, hasTexts: boolean) {
  const body: Record<string, unknown> = {};
  const unreadable: string[] = [];
  if (hasTexts) {
    body.names = Object.fromEntries(LANGUAGES.map((l) => [l, values[`names.${l}`]]));
    body.descriptions = Object.fromEntries(LANGUAGES.map((l) => [l, values[`descriptions.${l}`]]));
  }
  for (const field of fields) {
    const converted = convert(field, values[field.name] ?? '');
    if (converted === null && field.type !== 'select') unreadable.push(field.name);
    body[field.name] = converted;
  }
  return { body, unreadable };
}

interface CatalogueFormProps<K extends CatalogueKind> {
  kind: K;
  /** What is edited ('new' to create); the page remounts the form for each one. */
  editing: CatalogueAdmin[K] | 'new' | null;
  initial: Values;
  fields: FieldSpec[];
  hasTexts: boolean;
  /** Last touches to the body before it is checked (e.g. storage add-ons typed in MB). */
  prepare?: ((body: Record<string, unknown>) => void) | undefined;
  onClose: () => void;
}

/** Create or edit one catalogue item: its names per language (English required), then the kind's own fields. */
export function CatalogueForm<K extends CatalogueKind>({
  kind,
  editing,
  initial,
  fields,
  hasTexts,
  prepare,
  onClose,
}: CatalogueFormProps<K>) {
  const { t } = useTranslation(['admin-catalogue', 'admin']);
  const save = useSaveCatalogueItem(kind);
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = (name: string, value: string | boolean) => setValues((prev) => ({ ...prev, [name]: value }));

  /** The sentence for a field the browser's check refused, by the kind of field. */
  const messageFor = (name: string) => {
    if (name.startsWith('names.')) {
      const language = name.slice(6);
      // Only English is required; Spanish and Japanese can only be too long.
      return t(language === 'en' ? 'form.invalid.name' : 'form.invalid.optionalName', { language: t(`form.languages.${language}`) });
    }
    if (name.startsWith('descriptions.')) return t('form.invalid.description');
    const field = fields.find((f) => f.name === name);
    if (!field) return t('form.invalid.field');
    if (field.type === 'code') return t('form.invalid.code');
    if (field.type === 'select') return t('form.invalid.select');
    if (field.type === 'checkbox') return t('form.invalid.field');
    return t(`form.invalid.${field.type}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, unreadable } = buildBody(fields, values, hasTexts);
    prepare?.(body);
    const parsed = catalogueSchemas[kind].body.safeParse(body);
    const next: Record<string, string> = {};
    for (const name of unreadable) next[name] = messageFor(name);
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= messageFor(issue.path.join('.'));
    if (Object.keys(next).length > 0 || !parsed.success) {
      setErrors(next);
      return;
    }
    setErrors({});
    const id = editing === 'new' || editing === null ? null : editing.id;
    save.mutate(
      { id, body: parsed.data as CatalogueBody[K] },
      {
        onSuccess: (saved) => {
          notify('success', t(id ? 'form.updated' : 'form.created', { name: saved.name }));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors)
            setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages[0]])));
        },
      },
    );
  };

  const fieldErrorShown =
    save.error instanceof ApiError &&
    save.error.fieldErrors &&
    Object.keys(save.error.fieldErrors).some((f) => f === 'code' || fields.some((x) => x.name === f) || f.includes('.'));
  const text = (
    name: string,
    label: string,
    extra: { description?: string; inputMode?: 'decimal' | 'numeric'; rightSection?: string; autoFocus?: boolean } = {},
  ) => (
    <TextInput
      key={name}
      label={label}
      description={extra.description}
      value={String(values[name] ?? '')}
      onChange={(e) => set(name, e.currentTarget.value)}
      error={errors[name]}
      required
      inputMode={extra.inputMode}
      rightSection={
        extra.rightSection ? (
          <Text size="sm" c="dimmed" aria-hidden>
            {extra.rightSection}
          </Text>
        ) : undefined
      }
      data-autofocus={extra.autoFocus || undefined}
      data-testid={`catalogue-field-${name}`}
    />
  );

  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={t(editing === 'new' ? `kinds.${kind}.createTitle` : `kinds.${kind}.editTitle`)}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      <form onSubmit={submit} noValidate data-testid="catalogue-form">
        <Stack gap="sm">
          {fields
            .filter((f) => f.type === 'code')
            .map((f) => text(f.name, t('form.code'), { description: t('form.codeHint'), autoFocus: true }))}
          {hasTexts ? (
            <Fieldset legend={t('form.name')} p="sm" pt={4}>
              <Stack gap="xs">
                {LANGUAGES.map((language) => (
                  <TextInput
                    key={language}
                    label={t(`form.languages.${language}`)}
                    lang={language === 'jp' ? 'ja' : language}
                    value={String(values[`names.${language}`] ?? '')}
                    onChange={(e) => set(`names.${language}`, e.currentTarget.value)}
                    // English is the fallback of every name lookup: the only one required.
                    description={language === 'en' ? undefined : t('form.optionalNameHint')}
                    error={errors[`names.${language}`]}
                    required={language === 'en'}
                    data-testid={`catalogue-name-${language}`}
                  />
                ))}
              </Stack>
            </Fieldset>
          ) : null}
          {hasTexts ? (
            <Fieldset legend={t('form.description')} p="sm" pt={4}>
              <Stack gap="xs">
                {LANGUAGES.map((language) => (
                  <Textarea
                    key={language}
                    label={t(`form.languages.${language}`)}
                    lang={language === 'jp' ? 'ja' : language}
                    autosize
                    minRows={1}
                    maxRows={4}
                    value={String(values[`descriptions.${language}`] ?? '')}
                    onChange={(e) => set(`descriptions.${language}`, e.currentTarget.value)}
                    error={errors[`descriptions.${language}`]}
                  />
                ))}
              </Stack>
            </Fieldset>
          ) : null}
          {fields.map((field) => {
            if (field.type === 'code') return null;
            if (field.type === 'checkbox')
              return (
                <Checkbox
                  key={field.name}
                  label={t(field.labelKey)}
                  checked={values[field.name] === true}
                  onChange={(e) => set(field.name, e.currentTarget.checked)}
                  error={errors[field.name]}
                  data-testid={`catalogue-field-${field.name}`}
                />
              );
            if (field.type === 'select')
              return (
                <SelectField
                  key={field.name}
                  label={t(field.labelKey)}
                  value={String(values[field.name] ?? '')}
                  onChange={(v) => set(field.name, v)}
                  data={field.options}
                  error={errors[field.name]}
                  data-testid={`catalogue-field-${field.name}`}
                />
              );
            const unit = field.type === 'money' ? '€' : field.type === 'percent' ? '%' : field.type === 'megabytes' ? 'MB' : undefined;
            return text(field.name, t(field.labelKey), {
              description: field.hintKey ? t(field.hintKey) : undefined,
              inputMode: field.type === 'integer' || field.type === 'megabytes' ? 'numeric' : 'decimal',
              rightSection: unit,
            });
          })}
          <ModalFormFooter
            error={save.isError && !fieldErrorShown ? apiErrorMessage(save.error, t) : null}
            cancelLabel={t('admin:cancel')}
            onCancel={onClose}
            submitLabel={t('form.save')}
            pending={save.isPending}
            submitTestId="catalogue-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
