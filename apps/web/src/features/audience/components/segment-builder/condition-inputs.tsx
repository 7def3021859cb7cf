import { NumberInput, TextInput } from '@mantine/core';
import { MAX_SEGMENT_DAYS, OPERATORS_BY_TYPE, type ContactField } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField, type SelectFieldOption } from '@/components/select-field';
import { CONSENT_OPERATORS, ENGAGEMENT_ACTIONS, takesNoValue, withField, type ConditionDraft, type ConsentOperator } from './rule-draft';

/** What the conditions choose from: my fields, lists, cards and tags, and the emails I sent. */
export interface BuilderSources {
  fields: ContactField[];
  lists: SelectFieldOption[];
  profiles: SelectFieldOption[];
  emails: SelectFieldOption[];
}

type Draft<K extends ConditionDraft['kind']> = Extract<ConditionDraft, { kind: K }>;
type InputsProps<K extends ConditionDraft['kind']> = {
  draft: Draft<K>;
  onChange: (draft: ConditionDraft) => void;
  sources: BuilderSources;
  /** Server or client messages by the condition's key (`value`, `op`…). */
  errors: Record<string, string>;
  /** The testid prefix of this condition's inputs. */
  testId: string;
};

const grow = { flex: '1 1 11rem', minWidth: 0 };
const narrow = { flex: '1 1 7rem', minWidth: 0 };
const days = (value: string | number | bigint) => (value === '' ? '' : String(value));

function DaysInput({ value, onChange, error, testId }: { value: string; onChange: (v: string) => void; error?: string; testId: string }) {
  const { t } = useTranslation('audience');
  return (
    <NumberInput
      label={t('builder.days')}
      value={value}
      onChange={(v) => onChange(days(v))}
      min={1}
      max={MAX_SEGMENT_DAYS}
      allowDecimal={false}
      allowNegative={false}
      required
      error={error}
      style={narrow}
      data-testid={`${testId}-days`}
    />
  );
}

function DateInput({ value, onChange, error, testId }: { value: string; onChange: (v: string) => void; error?: string; testId: string }) {
  const { t } = useTranslation('audience');
  return (
    <TextInput
      type="date"
      label={t('builder.date')}
      description={t('builder.dateHint')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      required
      error={error}
      style={grow}
      data-testid={`${testId}-date`}
    />
  );
}

/** A contact field: which, the operator its type allows, and a value that fits the type. */
export function FieldInputs({ draft, onChange, sources, errors, testId }: InputsProps<'field'>) {
  const { t } = useTranslation('audience');
  const field = sources.fields.find((f) => f.id === draft.fieldId);
  const operators = field ? OPERATORS_BY_TYPE[field.type] : [];
  const set = (value: string) => onChange({ ...draft, value });
  const valueInput = () => {
    if (!field || takesNoValue(draft.op)) return null;
    if (draft.op === 'within_days') return <DaysInput value={draft.value} onChange={set} error={errors.value} testId={testId} />;
    switch (field.type) {
      case 'number':
        return (
          <NumberInput
            label={t('builder.value')}
            value={draft.value}
            onChange={(v) => set(days(v))}
            required
            error={errors.value}
            style={grow}
            data-testid={`${testId}-number`}
          />
        );
      case 'date':
        return <DateInput value={draft.value} onChange={set} error={errors.value} testId={testId} />;
      case 'choice':
        return (
          <SelectField
            label={t('builder.value')}
            value={draft.value}
            onChange={set}
            data={[{ value: '', label: t('builder.pick') }, ...field.choices.map((c) => ({ value: c, label: c }))]}
            required
            error={errors.value}
            style={grow}
            data-testid={`${testId}-choice`}
          />
        );
      case 'text':
        return (
          <TextInput
            label={t('builder.value')}
            value={draft.value}
            onChange={(e) => set(e.currentTarget.value)}
            maxLength={200}
            required
            error={errors.value}
            style={grow}
            data-testid={`${testId}-text`}
          />
        );
    }
  };
  return (
    <>
      <SelectField
        label={t('builder.field')}
        value={draft.fieldId}
        onChange={(id) =>
          onChange(
            withField(
              draft,
              sources.fields.find((f) => f.id === id),
            ),
          )
        }
        data={[
          { value: '', label: sources.fields.length ? t('builder.pick') : t('builder.noFields') },
          ...sources.fields.map((f) => ({ value: f.id, label: f.name })),
        ]}
        required
        error={errors.fieldId}
        style={grow}
        data-testid={`${testId}-field`}
      />
      {field ? (
        <SelectField
          label={t('builder.operator')}
          value={draft.op}
          onChange={(next) => {
            const op = next as typeof draft.op;
            // Days and a date do not read each other: the value starts again when one becomes the other.
            const sameKind = (op === 'within_days') === (draft.op === 'within_days');
            onChange({ ...draft, op, value: sameKind ? draft.value : '' });
          }}
          data={operators.map((op) => ({ value: op, label: t(`builder.operators.${field.type}.${op}`) }))}
          error={errors.op}
          style={grow}
          data-testid={`${testId}-op`}
        />
      ) : null}
      {valueInput()}
    </>
  );
}

/** Opened or clicked (or not), in the last N days or ever, any email or one. */
export function EngagementInputs({ draft, onChange, sources, errors, testId }: InputsProps<'engagement'>) {
  const { t } = useTranslation('audience');
  return (
    <>
      <SelectField
        label={t('builder.action')}
        value={draft.action}
        onChange={(action) => onChange({ ...draft, action: action as typeof draft.action })}
        data={ENGAGEMENT_ACTIONS.map((a) => ({ value: a, label: t(`builder.actions.${a}`) }))}
        error={errors.event ?? errors.negate}
        style={grow}
        data-testid={`${testId}-action`}
      />
      <SelectField
        label={t('builder.email')}
        value={draft.emailId}
        onChange={(emailId) => onChange({ ...draft, emailId })}
        data={[{ value: '', label: t('builder.anyEmail') }, ...sources.emails]}
        error={errors.emailId}
        style={grow}
        data-testid={`${testId}-email`}
      />
      <SelectField
        label={t('builder.when')}
        value={draft.ever ? 'ever' : 'days'}
        onChange={(when) => onChange({ ...draft, ever: when === 'ever' })}
        data={[
          { value: 'days', label: t('builder.inTheLast') },
          { value: 'ever', label: t('builder.ever') },
        ]}
        style={grow}
        data-testid={`${testId}-when`}
      />
      {draft.ever ? null : (
        <DaysInput value={draft.days} onChange={(d) => onChange({ ...draft, days: d })} error={errors.days} testId={testId} />
      )}
    </>
  );
}

/** In (or not in) one of my lists. */
export function ListInputs({ draft, onChange, sources, errors, testId }: InputsProps<'list'>) {
  const { t } = useTranslation('audience');
  return (
    <>
      <SelectField
        label={t('builder.membership')}
        value={draft.negate ? 'out' : 'in'}
        onChange={(v) => onChange({ ...draft, negate: v === 'out' })}
        data={[
          { value: 'in', label: t('builder.inList') },
          { value: 'out', label: t('builder.notInList') },
        ]}
        style={narrow}
        data-testid={`${testId}-negate`}
      />
      <SelectField
        label={t('builder.list')}
        value={draft.listId}
        onChange={(listId) => onChange({ ...draft, listId })}
        data={[{ value: '', label: sources.lists.length ? t('builder.pick') : t('builder.noLists') }, ...sources.lists]}
        required
        error={errors.listId}
        style={grow}
        data-testid={`${testId}-list`}
      />
    </>
  );
}

/** Wrote (or not) with consent through one of my cards or tags. */
export function ProfileInputs({ draft, onChange, sources, errors, testId }: InputsProps<'profile'>) {
  const { t } = useTranslation('audience');
  return (
    <>
      <SelectField
        label={t('builder.wrote')}
        value={draft.negate ? 'out' : 'in'}
        onChange={(v) => onChange({ ...draft, negate: v === 'out' })}
        data={[
          { value: 'in', label: t('builder.wroteThrough') },
          { value: 'out', label: t('builder.notWroteThrough') },
        ]}
        style={narrow}
        data-testid={`${testId}-negate`}
      />
      <SelectField
        label={t('builder.profile')}
        value={draft.profileId}
        onChange={(profileId) => onChange({ ...draft, profileId })}
        data={[{ value: '', label: sources.profiles.length ? t('builder.pick') : t('builder.noProfiles') }, ...sources.profiles]}
        required
        error={errors.profileId}
        style={grow}
        data-testid={`${testId}-profile`}
      />
    </>
  );
}

/** The newest consent: before or after a date, or in the last N days. */
export function ConsentInputs({ draft, onChange, errors, testId }: InputsProps<'consent'>) {
  const { t } = useTranslation('audience');
  const set = (value: string) => onChange({ ...draft, value });
  return (
    <>
      <SelectField
        label={t('builder.consentGiven')}
        value={draft.op}
        onChange={(op) => onChange({ ...draft, op: op as ConsentOperator, value: op === 'within_days' ? '30' : '' })}
        data={CONSENT_OPERATORS.map((op) => ({ value: op, label: t(`builder.consentOps.${op}`) }))}
        error={errors.op}
        style={grow}
        data-testid={`${testId}-consent-op`}
      />
      {draft.op === 'within_days' ? (
        <DaysInput value={draft.value} onChange={set} error={errors.value} testId={testId} />
      ) : (
        <DateInput value={draft.value} onChange={set} error={errors.value} testId={testId} />
      )}
    </>
  );
}
