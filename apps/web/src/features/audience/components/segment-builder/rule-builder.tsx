import { Fragment } from 'react';
import { Badge, Button, Group, Stack, Text, Timeline } from '@mantine/core';
import { MAX_GROUP_CONDITIONS, MAX_SEGMENT_GROUPS } from '@enlaza/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/select-field';
import type { BuilderSources } from './condition-inputs';
import { ConditionRow } from './condition-row';
import { conditionPath, firstCondition, newGroup, type GroupDraft, type Match, type RuleDraft } from './rule-draft';

/** "and" or "or" between two conditions or two groups, as the match says. */
function Joiner({ match, testId }: { match: Match; testId?: string }) {
  const { t } = useTranslation('audience');
  return (
    <Badge variant="light" color={match === 'all' ? 'blue' : 'grape'} radius="sm" size="sm" data-testid={testId}>
      {t(`builder.joiners.${match}`)}
    </Badge>
  );
}

/**
 * The rule as a timeline: "People who match all/any of these groups", then each group (all or any
 * of its conditions) as an item, the groups joined by "and"/"or"; add or remove a condition or a group.
 */
export function RuleBuilder({
  draft,
  onChange,
  sources,
  errors,
}: {
  draft: RuleDraft;
  onChange: (draft: RuleDraft) => void;
  sources: BuilderSources;
  /** Messages by path (`rule.groups.0.conditions.1.value`). */
  errors: Record<string, string>;
}) {
  const { t } = useTranslation('audience');
  const draftSources = {
    fields: sources.fields,
    listIds: sources.lists.map((l) => l.value),
    profileIds: sources.profiles.map((p) => p.value),
  };
  const setGroup = (g: number, group: GroupDraft) => onChange({ ...draft, groups: draft.groups.map((x, i) => (i === g ? group : x)) });
  const removeGroup = (g: number) => onChange({ ...draft, groups: draft.groups.filter((_, i) => i !== g) });
  const only = draft.groups.length === 1;
  const errorsOf = (g: number, c: number) => {
    const prefix = `${conditionPath(g, c)}.`;
    const own = Object.entries(errors).filter(([path]) => path.startsWith(prefix) || path === conditionPath(g, c));
    return Object.fromEntries(own.map(([path, message]) => [path.startsWith(prefix) ? path.slice(prefix.length) : 'condition', message]));
  };

  return (
    <Stack gap="md" data-testid="rule-builder">
      <SelectField
        label={t('builder.ruleMatch')}
        value={draft.match}
        onChange={(match) => onChange({ ...draft, match: match as Match })}
        data={[
          { value: 'all', label: t('builder.allGroups') },
          { value: 'any', label: t('builder.anyGroup') },
        ]}
        maw={360}
        data-testid="rule-match"
      />
      <Timeline bulletSize={28} lineWidth={2} role="list" aria-label={t('builder.groups')} className="segment-timeline">
        {draft.groups.map((group, g) => (
          <Timeline.Item
            key={group.key}
            role="listitem"
            bullet={
              <Text size="xs" fw={700} aria-hidden>
                {g + 1}
              </Text>
            }
            title={
              <Group gap="xs" wrap="wrap">
                {g > 0 ? <Joiner match={draft.match} testId="group-joiner" /> : null}
                <Text component="h2" fw={700} fz="md" m={0}>
                  {t('builder.groupN', { n: g + 1 })}
                </Text>
              </Group>
            }
            data-testid={`group-${g}`}
          >
            <Stack gap="sm" mt="xs">
              <Group gap="sm" align="flex-end" justify="space-between" wrap="wrap">
                <SelectField
                  label={t('builder.groupMatch', { n: g + 1 })}
                  value={group.match}
                  onChange={(match) => setGroup(g, { ...group, match: match as Match })}
                  data={[
                    { value: 'all', label: t('builder.allConditions') },
                    { value: 'any', label: t('builder.anyCondition') },
                  ]}
                  style={{ flex: '1 1 14rem', maxWidth: 360 }}
                  data-testid={`group-${g}-match`}
                />
                {only ? null : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => removeGroup(g)}
                    aria-label={t('builder.removeGroupLabel', { n: g + 1 })}
                    data-testid={`group-${g}-remove`}
                  >
                    {t('builder.removeGroup')}
                  </Button>
                )}
              </Group>
              {group.conditions.map((condition, c) => (
                <Fragment key={condition.key}>
                  {c > 0 ? <Joiner match={group.match} /> : null}
                  <ConditionRow
                    draft={condition}
                    group={g}
                    index={c}
                    sources={sources}
                    errors={errorsOf(g, c)}
                    onChange={(next) => setGroup(g, { ...group, conditions: group.conditions.map((x, i) => (i === c ? next : x)) })}
                    onRemove={
                      group.conditions.length > 1
                        ? () => setGroup(g, { ...group, conditions: group.conditions.filter((_, i) => i !== c) })
                        : only
                          ? undefined
                          : () => removeGroup(g)
                    }
                  />
                </Fragment>
              ))}
              <div>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setGroup(g, { ...group, conditions: [...group.conditions, firstCondition(draftSources)] })}
                  disabled={group.conditions.length >= MAX_GROUP_CONDITIONS}
                  aria-label={t('builder.addConditionLabel', { n: g + 1 })}
                  data-testid={`group-${g}-add`}
                >
                  {t('builder.addCondition')}
                </Button>
              </div>
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
      <Group gap="sm" wrap="wrap">
        <Button
          variant="default"
          onClick={() => onChange({ ...draft, groups: [...draft.groups, newGroup(draftSources)] })}
          disabled={draft.groups.length >= MAX_SEGMENT_GROUPS}
          data-testid="add-group"
        >
          {t('builder.addGroup')}
        </Button>
        {draft.groups.length >= MAX_SEGMENT_GROUPS ? (
          <Text size="sm" c="dimmed">
            {t('builder.groupsMax', { max: MAX_SEGMENT_GROUPS })}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
