import { z } from 'zod';
import { idSchema } from './common.js';

/**
 * Automations (automatizaciones): a sequence of emails that starts for one person on an event and
 * sends each step after its delay, with an optional condition on the previous step. Each step goes
 * out through the campaign sender (the same renderer, tracking, unsubscribe and exactly-once
 * sending), counted in the owner's monthly sends. A person enters an automation once.
 */
export const AUTOMATION_STATES = ['draft', 'active', 'paused'] as const;
export const automationStateSchema = z.enum(AUTOMATION_STATES);
export type AutomationState = z.infer<typeof automationStateSchema>;

/**
 * What starts the sequence for a person:
 * - `consented`: a visitor's consent counts (at once, or once confirmed by email), on any card or
 *   tag of the owner, or on the one named;
 * - `lost_found`: the finder of a tag in lost mode left a message with consent (and confirmed it);
 * - `list_added`: a contact joined the list (imported with consent, confirmed when asked).
 */
export const automationTriggerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('consented'), profileId: idSchema.nullable() }),
  z.object({ kind: z.literal('lost_found'), profileId: idSchema.nullable() }),
  z.object({ kind: z.literal('list_added'), listId: idSchema }),
]);
export type AutomationTrigger = z.infer<typeof automationTriggerSchema>;

/** When a step is sent, on the previous step: always, only if it was opened, clicked, or not opened. */
export const STEP_CONDITIONS = ['always', 'opened', 'clicked', 'not_opened'] as const;
export const stepConditionSchema = z.enum(STEP_CONDITIONS);
export type StepCondition = z.infer<typeof stepConditionSchema>;

/** The longest wait before a step: one year, in minutes. */
export const MAX_STEP_DELAY_MINUTES = 525_600;
/** Steps one automation may have. */
export const MAX_AUTOMATION_STEPS = 20;

export const automationStepBodySchema = z.object({
  templateId: idSchema,
  /** After the previous step (the first: after the trigger); 0 is "at once". */
  delayMinutes: z.number().int().min(0).max(MAX_STEP_DELAY_MINUTES),
  /** On the first step only `always` makes sense (there is no previous one). */
  condition: stepConditionSchema.default('always'),
  /** Only for people in this segment when the step is due (segments.ts); the others skip it. Null: everyone. */
  segmentId: idSchema.nullable().default(null),
});
export type AutomationStepBody = z.infer<typeof automationStepBodySchema>;

/** A step's figures, unique per person: sent, opened, clicked, skipped by its condition, waiting to go, bounced. */
export const automationStepFiguresSchema = z.object({
  sent: z.number().int(),
  pending: z.number().int(),
  skipped: z.number().int(),
  bounced: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  unsubscribed: z.number().int(),
  /** People waiting for this step now (their delay is running). */
  waiting: z.number().int(),
});
export type AutomationStepFigures = z.infer<typeof automationStepFiguresSchema>;

export const automationStepSchema = z.object({
  id: z.string(),
  /** How a segment's engagement condition names this step's email (opened or clicked it). */
  emailId: z.string(),
  position: z.number().int(),
  templateId: z.string().nullable(),
  /** The template's name when it was picked (it may be gone since: the automation cannot be activated). */
  templateName: z.string().nullable(),
  delayMinutes: z.number().int(),
  condition: stepConditionSchema,
  segmentId: z.string().nullable(),
  /** The segment's name (null when none is set). */
  segmentName: z.string().nullable(),
  figures: automationStepFiguresSchema,
});
export type AutomationStep = z.infer<typeof automationStepSchema>;

/** People in an automation: going through it, through all its steps, stopped (unsubscribed, bounced, complained). */
export const automationPeopleSchema = z.object({
  active: z.number().int(),
  finished: z.number().int(),
  stopped: z.number().int(),
});

export const automationSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: automationStateSchema,
  trigger: automationTriggerSchema,
  steps: z.array(automationStepSchema),
  people: automationPeopleSchema,
  activatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Automation = z.infer<typeof automationSchema>;

export const automationBodySchema = z.object({
  name: z.string().trim().min(1).max(120),
  trigger: automationTriggerSchema,
});
export type AutomationBody = z.infer<typeof automationBodySchema>;

export const ENROLMENT_STATES = ['active', 'finished', 'stopped'] as const;
export const ENROLMENT_STOP_REASONS = ['unsubscribed', 'bounced', 'complained', 'manual'] as const;

/** One person in an automation: where they are and when the next step goes. */
export const automationEnrolmentSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  state: z.enum(ENROLMENT_STATES),
  /** The next step's position (1-based as shown), null once finished or stopped. */
  nextStep: z.number().int().nullable(),
  nextAt: z.string().nullable(),
  stopReason: z.enum(ENROLMENT_STOP_REASONS).nullable(),
  enrolledAt: z.string(),
});
export type AutomationEnrolment = z.infer<typeof automationEnrolmentSchema>;

/** A page of the people in an automation, newest first (`meta.nextCursor`: the next page's cursor, null on the last). */
export const automationPeoplePageSchema = z.object({
  ok: z.literal(1),
  data: z.array(automationEnrolmentSchema),
  meta: z.object({ nextCursor: z.string().nullable() }),
});
