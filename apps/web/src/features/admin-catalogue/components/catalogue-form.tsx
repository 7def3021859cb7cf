import { Checkbox, Modal, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { catalogueSchemas, type CatalogueAdmin, type CatalogueBody, type CatalogueKind } from '@enlaza/contracts';
import { notify } from '@/components/notifications';
import { SelectField, type SelectFieldOption } from '@/components/select-field';
import { useContractForm } from '@/lib/forms/use-contract-form';
import { useSaveCatalogueItem } from '../api/catalogue';
import { eurosToCents, megabytesToBytes, percentToBasisPoints } from '../lib/amounts';
import { ModalForm } from '@/components/modal-form';
import { CatalogueTexts, LANGUAGES, type Texts } from './catalogue-texts';

/** The kind's own fields as typed (a text, or a checkbox's state), by the body's field name. */
export type Values = Record<string, string | boolean>;
/** The form's values: the kind's fields, and `names` and `descriptions` when it has them. */
export type FormValues = Record<string, string | boolean | Texts>;

/** Shown only while another field (a select) has this value: e.g. the minimum of seats of a per-seat price. */
type ShownWhen = { shownWhen?: { field: string; equals: string } };

/** One input of a catalogue form; `name` is the body's field, so server errors land next to it. */
export type FieldSpec = ShownWhen &
  (
    | { name: string; type: 'code' }
    | { name: string; type: 'integer'; labelKey: string; hintKey?: string }
    | { name: string; type: 'money' | 'percent' | 'megabytes'; labelKey: string; hintKey?: string }
    | { name: string; type: 'select'; labelKey: string; options: SelectFieldOption[] }
    | { name: string; type: 'checkbox'; labelKey: string }
  );

/** Whether a field is shown with these values (a hidden one keeps its value: the screen's `prepare` decides what it sends). */
export const isShown = (field: FieldSpec, values: FormValues) =>
  !field.shownWhen || values[field.shownWhen.field] === field.shownWhen.equals;

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

/**
 * The body the API expects from what was typed. A number that cannot be read is sent to the
 * contract as NaN, which it refuses, so the field gets its message.
 */
export function buildBody(fields: FieldSpec[], values: FormValues, hasTexts: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (hasTexts) {
    body.names = { ...(values.names as Texts) };
    body.descriptions = { ...(values.descriptions as Texts) };
  }
  for (const field of fields) {
    const value = values[field.name] ?? '';
    const converted = convert(field, typeof value === 'object' ? '' : value);
    body[field.name] = converted === null && field.type !== 'select' ? Number.NaN : converted;
  }
  return body;
}

/** The sentence for each field the contract refuses, by the kind of field (names and descriptions per language). */
function refusalMessages(fields: FieldSpec[], hasTexts: boolean, t: TFunction<['admin-catalogue', 'admin']>): Record<string, string> {
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
  const paths = [...fields.map((f) => f.name), ...(hasTexts ? LANGUAGES.flatMap((l) => [`names.${l}`, `descriptions.${l}`]) : [])];
  return Object.fromEntries(paths.map((path) => [path, messageFor(path)]));
}

interface CatalogueFormProps<K extends CatalogueKind> {
  kind: K;
  /** What is edited ('new' to create); the page remounts the form for each one. */
  editing: CatalogueAdmin[K] | 'new' | null;
  initial: FormValues;
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

  const form = useContractForm(catalogueSchemas[kind].body, {
    initialValues: initial,
    toBody: (values) => {
      const body = buildBody(fields, values, hasTexts);
      prepare?.(body);
      return body;
    },
    messages: refusalMessages(fields, hasTexts, t),
  });
  const { values } = form;
  const set = (name: string, value: string | boolean) => form.form.setFieldValue(name, value);

  const submit = form.onSubmit((body) => {
    const id = editing === 'new' || editing === null ? null : editing.id;
    save.mutate(
      { id, body: body as CatalogueBody[K] },
      {
        onSuccess: (saved) => {
          notify('success', t(id ? 'form.updated' : 'form.created', { name: saved.name }));
          onClose();
        },
        onError: form.setServerError,
      },
    );
  });

  const text = (
    name: string,
    label: string,
    extra: { description?: string; inputMode?: 'decimal' | 'numeric'; rightSection?: string; autoFocus?: boolean } = {},
  ) => (
    <TextInput
      {...form.field(name)}
      key={name}
      label={label}
      description={extra.description}
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
      <ModalForm
        onSubmit={submit}
        testId="catalogue-form"
        error={form.generalError}
        cancelLabel={t('admin:cancel')}
        onCancel={onClose}
        submitLabel={t('form.save')}
        pending={save.isPending}
        submitTestId="catalogue-submit"
      >
        {fields
          .filter((f) => f.type === 'code')
          .map((f) => text(f.name, t('form.code'), { description: t('form.codeHint'), autoFocus: true }))}
        {hasTexts ? <CatalogueTexts field={form.field} /> : null}
        {fields.map((field) => {
          if (field.type === 'code' || !isShown(field, values)) return null;
          if (field.type === 'checkbox')
            return (
              <Checkbox
                {...form.field(field.name, { type: 'checkbox' })}
                key={field.name}
                label={t(field.labelKey)}
                data-testid={`catalogue-field-${field.name}`}
              />
            );
          if (field.type === 'select') {
            const value = values[field.name];
            return (
              <SelectField
                key={field.name}
                label={t(field.labelKey)}
                value={typeof value === 'string' ? value : ''}
                onChange={(v) => set(field.name, v)}
                data={field.options}
                error={form.errorOf(field.name)}
                data-testid={`catalogue-field-${field.name}`}
              />
            );
          }
          const unit = field.type === 'money' ? '€' : field.type === 'percent' ? '%' : field.type === 'megabytes' ? 'MB' : undefined;
          return text(field.name, t(field.labelKey), {
            description: field.hintKey ? t(field.hintKey) : undefined,
            inputMode: field.type === 'integer' || field.type === 'megabytes' ? 'numeric' : 'decimal',
            rightSection: unit,
          });
        })}
      </ModalForm>
    </Modal>
  );
}
