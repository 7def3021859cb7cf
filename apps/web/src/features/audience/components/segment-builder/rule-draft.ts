import {
  MAX_SEGMENT_DAYS,
  OPERATORS_BY_TYPE,
  type ContactField,
  type FieldOperator,
  type SegmentCondition,
  type SegmentConditionInput,
  type SegmentRule,
  type SegmentRuleInput,
} from '@enlaza/contracts';

/**
 * The segment builder's state: the rule as typed, every input as the text it holds (a number box
 * may be empty, a date half typed), turned into the contract's rule only when every condition is
 * complete. `key` keeps React's rows apart when one is removed.
 */
export type Match = 'all' | 'any';
export type ConditionKind = SegmentCondition['kind'];
export const CONDITION_KINDS: readonly ConditionKind[] = ['field', 'engagement', 'list', 'profile', 'consent'];

/** "opened", "did not open", "clicked", "did not click": the event and its negation as one choice. */
export const ENGAGEMENT_ACTIONS = ['opened', 'not_opened', 'clicked', 'not_clicked'] as const;
export type EngagementAction = (typeof ENGAGEMENT_ACTIONS)[number];
export const CONSENT_OPERATORS = ['before', 'after', 'within_days'] as const;
export type ConsentOperator = (typeof CONSENT_OPERATORS)[number];

export type ConditionDraft = { key: string } & (
  | { kind: 'field'; fieldId: string; op: FieldOperator; value: string }
  | { kind: 'engagement'; action: EngagementAction; ever: boolean; days: string; emailId: string }
  | { kind: 'list'; listId: string; negate: boolean }
  | { kind: 'profile'; profileId: string; negate: boolean }
  | { kind: 'consent'; op: ConsentOperator; value: string }
);
export type GroupDraft = { key: string; match: Match; conditions: ConditionDraft[] };
export type RuleDraft = { match: Match; groups: GroupDraft[] };

/** What a new condition picks first: the first field, list or card, so most conditions start complete. */
export type DraftSources = { fields: ContactField[]; listIds: string[]; profileIds: string[] };

let nextKey = 0;
export const newKey = () => `k${++nextKey}`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Operators that compare with no value ("is empty", "has a value"). */
export const takesNoValue = (op: FieldOperator) => op === 'empty' || op === 'not_empty';

export function newCondition(kind: ConditionKind, sources: DraftSources): ConditionDraft {
  const key = newKey();
  switch (kind) {
    case 'field': {
      const field = sources.fields[0];
      return { key, kind, fieldId: field?.id ?? '', op: field ? OPERATORS_BY_TYPE[field.type][0]! : 'is', value: '' };
    }
    case 'engagement':
      return { key, kind, action: 'opened', ever: false, days: '30', emailId: '' };
    case 'list':
      return { key, kind, listId: sources.listIds[0] ?? '', negate: false };
    case 'profile':
      return { key, kind, profileId: sources.profileIds[0] ?? '', negate: false };
    case 'consent':
      return { key, kind, op: 'within_days', value: '30' };
  }
}

/** A new condition of the kind most owners start with: a contact field when there is one. */
export const firstCondition = (sources: DraftSources) => newCondition(sources.fields.length > 0 ? 'field' : 'engagement', sources);

export const newGroup = (sources: DraftSources): GroupDraft => ({ key: newKey(), match: 'all', conditions: [firstCondition(sources)] });

export const newRule = (sources: DraftSources): RuleDraft => ({ match: 'all', groups: [newGroup(sources)] });

/** A field condition with another field: its operator kept when the new type allows it, the value emptied otherwise. */
export function withField(draft: Extract<ConditionDraft, { kind: 'field' }>, field: ContactField | undefined): ConditionDraft {
  if (!field) return { ...draft, fieldId: '' };
  const allowed = OPERATORS_BY_TYPE[field.type];
  const op = allowed.includes(draft.op) ? draft.op : allowed[0]!;
  const previous = draft.fieldId ? draft.fieldId : null;
  return { ...draft, fieldId: field.id, op, value: previous === field.id ? draft.value : '' };
}

const wholeDays = (text: string): number | null => {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 && n <= MAX_SEGMENT_DAYS ? n : null;
};

/**
 * The contract's condition for a draft, or the input still missing (`missing`): the key the server
 * would name (`value`, `days`…) so the message sits on the same input.
 */
export function toCondition(draft: ConditionDraft, fields: ContactField[]): { condition: SegmentConditionInput } | { missing: string } {
  switch (draft.kind) {
    case 'field': {
      const field = fields.find((f) => f.id === draft.fieldId);
      if (!field) return { missing: 'fieldId' };
      if (takesNoValue(draft.op)) return { condition: { kind: 'field', fieldId: field.id, op: draft.op, value: null } };
      const text = draft.value.trim();
      if (text === '') return { missing: 'value' };
      if (field.type === 'number' || draft.op === 'within_days') {
        const n = draft.op === 'within_days' ? wholeDays(text) : Number(text);
        if (n === null || !Number.isFinite(n)) return { missing: 'value' };
        return { condition: { kind: 'field', fieldId: field.id, op: draft.op, value: n } };
      }
      if (field.type === 'date' && !DATE.test(text)) return { missing: 'value' };
      return { condition: { kind: 'field', fieldId: field.id, op: draft.op, value: text } };
    }
    case 'engagement': {
      const days = draft.ever ? null : wholeDays(draft.days);
      if (!draft.ever && days === null) return { missing: 'days' };
      return {
        condition: {
          kind: 'engagement',
          event: draft.action.endsWith('opened') ? 'opened' : 'clicked',
          negate: draft.action.startsWith('not_'),
          days,
          emailId: draft.emailId || null,
        },
      };
    }
    case 'list':
      return draft.listId ? { condition: { kind: 'list', listId: draft.listId, negate: draft.negate } } : { missing: 'listId' };
    case 'profile':
      return draft.profileId
        ? { condition: { kind: 'profile', profileId: draft.profileId, negate: draft.negate } }
        : { missing: 'profileId' };
    case 'consent': {
      if (draft.op === 'within_days') {
        const days = wholeDays(draft.value);
        return days === null ? { missing: 'value' } : { condition: { kind: 'consent', op: draft.op, value: days } };
      }
      return DATE.test(draft.value.trim())
        ? { condition: { kind: 'consent', op: draft.op, value: draft.value.trim() } }
        : { missing: 'value' };
    }
  }
}

/** The path of a condition's input as the server names it in a 422 (`rule.groups.0.conditions.1.value`). */
export const conditionPath = (group: number, condition: number, key?: string) =>
  `rule.groups.${group}.conditions.${condition}${key ? `.${key}` : ''}`;

/** The rule, or for each incomplete condition the path of its missing input. */
export function toRule(draft: RuleDraft, fields: ContactField[]): { rule: SegmentRuleInput } | { missing: string[] } {
  const missing: string[] = [];
  const groups = draft.groups.map((group, g) => ({
    match: group.match,
    conditions: group.conditions.flatMap((c, i) => {
      const result = toCondition(c, fields);
      if ('missing' in result) {
        missing.push(conditionPath(g, i, result.missing));
        return [];
      }
      return [result.condition];
    }),
  }));
  return missing.length > 0 ? { missing } : { rule: { match: draft.match, groups } };
}

/** A saved rule as the builder's draft. */
export function fromRule(rule: SegmentRule): RuleDraft {
  return {
    match: rule.match,
    groups: rule.groups.map((group) => ({
      key: newKey(),
      match: group.match,
      conditions: group.conditions.map((c): ConditionDraft => {
        const key = newKey();
        switch (c.kind) {
          case 'field':
            return { key, kind: 'field', fieldId: c.fieldId, op: c.op, value: c.value === null ? '' : String(c.value) };
          case 'engagement':
            return {
              key,
              kind: 'engagement',
              action: `${c.negate ? 'not_' : ''}${c.event}`,
              ever: c.days === null,
              days: c.days === null ? '30' : String(c.days),
              emailId: c.emailId ?? '',
            };
          case 'list':
            return { key, kind: 'list', listId: c.listId, negate: c.negate };
          case 'profile':
            return { key, kind: 'profile', profileId: c.profileId, negate: c.negate };
          case 'consent':
            return { key, kind: 'consent', op: c.op, value: String(c.value) };
        }
      }),
    })),
  };
}
