import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/select-field';
import { ConsentInputs, EngagementInputs, FieldInputs, ListInputs, ProfileInputs, type BuilderSources } from './condition-inputs';
import { CONDITION_KINDS, newCondition, type ConditionDraft, type ConditionKind } from './rule-draft';

/** The keys each kind's inputs show a message on; any other message is shown under the row. */
const SHOWN: Record<ConditionKind, string[]> = {
  field: ['fieldId', 'op', 'value'],
  engagement: ['event', 'negate', 'emailId', 'days'],
  list: ['listId'],
  profile: ['profileId'],
  consent: ['op', 'value'],
};

/** One condition: its kind, then the inputs of that kind, and a way to remove it. */
export function ConditionRow({
  draft,
  group,
  index,
  sources,
  errors,
  onChange,
  onRemove,
}: {
  draft: ConditionDraft;
  /** 0-based, as the server names it. */
  group: number;
  index: number;
  sources: BuilderSources;
  errors: Record<string, string>;
  onChange: (draft: ConditionDraft) => void;
  /** Absent for the only condition of the only group. */
  onRemove?: () => void;
}) {
  const { t } = useTranslation('audience');
  const testId = `condition-${group}-${index}`;
  const props = { onChange, sources, errors, testId };
  const unplaced = Object.entries(errors).filter(([key]) => !SHOWN[draft.kind].includes(key));
  const draftSources = {
    fields: sources.fields,
    listIds: sources.lists.map((l) => l.value),
    profileIds: sources.profiles.map((p) => p.value),
  };
  return (
    <Paper withBorder radius="md" p="sm" className="segment-condition" data-testid={testId} data-kind={draft.kind}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} c="dimmed" component="h3" m={0}>
            {t('builder.conditionN', { n: index + 1 })}
          </Text>
          {onRemove ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={onRemove}
              aria-label={t('builder.removeConditionLabel', { n: index + 1, group: group + 1 })}
              data-testid={`${testId}-remove`}
            >
              {t('builder.removeCondition')}
            </Button>
          ) : null}
        </Group>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <SelectField
            label={t('builder.kind')}
            value={draft.kind}
            onChange={(kind) => onChange({ ...newCondition(kind as ConditionKind, draftSources), key: draft.key })}
            data={CONDITION_KINDS.map((k) => ({ value: k, label: t(`builder.kinds.${k}`) }))}
            style={{ flex: '1 1 11rem', minWidth: 0 }}
            data-testid={`${testId}-kind`}
          />
          {draft.kind === 'field' ? <FieldInputs draft={draft} {...props} /> : null}
          {draft.kind === 'engagement' ? <EngagementInputs draft={draft} {...props} /> : null}
          {draft.kind === 'list' ? <ListInputs draft={draft} {...props} /> : null}
          {draft.kind === 'profile' ? <ProfileInputs draft={draft} {...props} /> : null}
          {draft.kind === 'consent' ? <ConsentInputs draft={draft} {...props} /> : null}
        </Group>
        {unplaced.map(([key, message]) => (
          <Text key={key} size="sm" c="red" role="alert" data-testid={`${testId}-error`}>
            {message}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
