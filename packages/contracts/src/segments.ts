import { z } from 'zod';
import { idSchema } from './common.js';

/**
 * Contact fields and segments (under Audiencia). A contact field is a typed attribute the owner
 * defines (text, number, date, choice) and fills per address: from the contact form of their cards
 * and tags (fields shown there), from a CSV import's columns, or through the API. A segment is a rule
 * over the owner's whole audience (consenting visitors and list contacts, never suppressed ones):
 * groups of conditions on fields, engagement (opened or clicked, in the last N days or a given
 * email), lists, cards and tags, and the consent date, joined by AND or OR. Campaigns and automation
 * steps target segments; the rule is evaluated when they send, not when they are saved.
 */
export const CONTACT_FIELD_TYPES = ['text', 'number', 'date', 'choice'] as const;
export const contactFieldTypeSchema = z.enum(CONTACT_FIELD_TYPES);
export type ContactFieldType = z.infer<typeof contactFieldTypeSchema>;

/** Fields one owner may define. */
export const MAX_CONTACT_FIELDS = 20;
/** Choices one choice field may offer. */
export const MAX_FIELD_CHOICES = 50;
/** Longest text value of a field. */
export const MAX_FIELD_TEXT = 500;

const fieldName = z.string().trim().min(1).max(60);
const choiceList = z
  .array(z.string().trim().min(1).max(60))
  .max(MAX_FIELD_CHOICES)
  .refine((c) => new Set(c.map((x) => x.toLowerCase())).size === c.length, { error: 'validation.invalid_value' });

/** `POST /api/audience/fields`: a new field (its type cannot change later). */
export const contactFieldCreateBodySchema = z
  .object({
    name: fieldName,
    type: contactFieldTypeSchema,
    /** The values a choice field offers (at least one); empty for the other types. */
    choices: choiceList.default([]),
    /** Asked on the contact form of my cards and tags (optional for the visitor). */
    onForm: z.boolean().default(false),
  })
  .refine((b) => b.type !== 'choice' || b.choices.length > 0, { path: ['choices'], error: 'validation.required' });
export type ContactFieldCreateBody = z.input<typeof contactFieldCreateBodySchema>;

/** `PATCH /api/audience/fields/{id}`: rename, change the choices, show or hide it on the form. */
export const contactFieldUpdateBodySchema = z.object({
  name: fieldName.optional(),
  choices: choiceList.optional(),
  onForm: z.boolean().optional(),
});
export type ContactFieldUpdateBody = z.infer<typeof contactFieldUpdateBodySchema>;

export const contactFieldSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: contactFieldTypeSchema,
  choices: z.array(z.string()),
  onForm: z.boolean(),
  /** Addresses with a value. */
  filled: z.number().int(),
  createdAt: z.string(),
});
export type ContactField = z.infer<typeof contactFieldSchema>;

/**
 * A field's value: text and choice as text (a choice must be one of the field's), a number, a date
 * as `YYYY-MM-DD`; null clears it.
 */
export const fieldValueSchema = z.union([z.string().max(MAX_FIELD_TEXT), z.number(), z.null()]);
export type FieldValue = z.infer<typeof fieldValueSchema>;

/** `PUT /api/audience/fields/values`: set (or clear, with null) an address's values; fields not named keep theirs. */
export const personFieldsBodySchema = z.object({
  email: z.email().max(254),
  values: z.record(idSchema, fieldValueSchema),
});
export type PersonFieldsBody = z.infer<typeof personFieldsBodySchema>;
export const personFieldsQuerySchema = z.object({ email: z.email().max(254) });
/** An address's values, by field id (fields without a value are left out). */
export const personFieldsSchema = z.object({ email: z.string(), values: z.record(z.string(), z.union([z.string(), z.number()])) });
export type PersonFields = z.infer<typeof personFieldsSchema>;

// --- segments -------------------------------------------------------------------------------

/**
 * Operators of a field condition, by the field's type:
 * text `is`, `is_not`, `contains`, `not_contains`; number `is`, `is_not`, `gt`, `lt`; date `is` (that
 * day), `before`, `after`, `within_days` (the last N days up to today); choice `is`, `is_not`; all
 * types `empty`, `not_empty` (no value needed).
 */
export const FIELD_OPERATORS = [
  'is',
  'is_not',
  'contains',
  'not_contains',
  'gt',
  'lt',
  'before',
  'after',
  'within_days',
  'empty',
  'not_empty',
] as const;
export const fieldOperatorSchema = z.enum(FIELD_OPERATORS);
export type FieldOperator = z.infer<typeof fieldOperatorSchema>;

export const OPERATORS_BY_TYPE: Record<ContactFieldType, readonly FieldOperator[]> = {
  text: ['is', 'is_not', 'contains', 'not_contains', 'empty', 'not_empty'],
  number: ['is', 'is_not', 'gt', 'lt', 'empty', 'not_empty'],
  date: ['is', 'before', 'after', 'within_days', 'empty', 'not_empty'],
  choice: ['is', 'is_not', 'empty', 'not_empty'],
};

/** The longest look-back of a "last N days" condition. */
export const MAX_SEGMENT_DAYS = 3650;
const days = z.number().int().min(1).max(MAX_SEGMENT_DAYS);

export const segmentConditionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('field'),
    fieldId: idSchema,
    op: fieldOperatorSchema,
    /** Text or choice: the text; number: the number; date: `YYYY-MM-DD`, or the days for `within_days`. */
    value: z.union([z.string().trim().max(200), z.number(), z.null()]).default(null),
  }),
  z.object({
    kind: z.literal('engagement'),
    event: z.enum(['opened', 'clicked']),
    /** "Did not open / click". */
    negate: z.boolean().default(false),
    /** In the last N days; null: ever. */
    days: days.nullable().default(null),
    /** One email: a campaign of mine (its id) or a step of one of my automations (the step's `emailId`); null: any. */
    emailId: idSchema.nullable().default(null),
  }),
  z.object({ kind: z.literal('list'), listId: idSchema, negate: z.boolean().default(false) }),
  /** Wrote (with consent) through this card or tag. */
  z.object({ kind: z.literal('profile'), profileId: idSchema, negate: z.boolean().default(false) }),
  /** The newest consent: before or after a date (`YYYY-MM-DD`), or in the last N days. */
  z.object({
    kind: z.literal('consent'),
    op: z.enum(['before', 'after', 'within_days']),
    value: z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), days]),
  }),
]);
export type SegmentCondition = z.infer<typeof segmentConditionSchema>;
export type SegmentConditionInput = z.input<typeof segmentConditionSchema>;

export const SEGMENT_MATCHES = ['all', 'any'] as const;
const match = z.enum(SEGMENT_MATCHES);
export const MAX_SEGMENT_GROUPS = 10;
export const MAX_GROUP_CONDITIONS = 20;

/** Groups of conditions: each group matches all or any of its conditions; the rule all or any of its groups. */
export const segmentRuleSchema = z.object({
  match,
  groups: z
    .array(z.object({ match, conditions: z.array(segmentConditionSchema).min(1).max(MAX_GROUP_CONDITIONS) }))
    .min(1)
    .max(MAX_SEGMENT_GROUPS),
});
export type SegmentRule = z.infer<typeof segmentRuleSchema>;
export type SegmentRuleInput = z.input<typeof segmentRuleSchema>;

/** Segments one owner may keep. */
export const MAX_SEGMENTS = 100;

export const segmentBodySchema = z.object({ name: z.string().trim().min(1).max(120), rule: segmentRuleSchema });
export type SegmentBody = z.input<typeof segmentBodySchema>;
export const segmentUpdateBodySchema = z.object({ name: z.string().trim().min(1).max(120).optional(), rule: segmentRuleSchema.optional() });

export const segmentSchema = z.object({
  id: idSchema,
  name: z.string(),
  rule: segmentRuleSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

/** `POST /api/audience/segments/count` (a rule being built) and `GET /api/audience/segments/{id}/count`: the people it selects now. */
export const segmentCountBodySchema = z.object({ rule: segmentRuleSchema });
export const segmentCountSchema = z.object({ people: z.number().int() });
export type SegmentCount = z.infer<typeof segmentCountSchema>;
