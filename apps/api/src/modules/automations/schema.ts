import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AutomationState, AutomationTrigger, StepCondition } from '@enlaza/contracts';
import { createdAt, primaryId, updatedAt } from '../../platform/columns.js';
import { users } from '../account/schema.js';
import { campaigns } from '../campaigns/schema.js';
import { segments } from '../audience/schema.js';

/** An owner's automation: what starts it (`trigger`) and whether it runs. Its steps and people are below. */
export const automations = pgTable(
  'automations',
  {
    id: primaryId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    state: text().$type<AutomationState>().notNull().default('draft'),
    trigger: jsonb().$type<AutomationTrigger>().notNull(),
    /** When it was first activated: a list's contacts who joined before it do not enter it. */
    activatedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('automations_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * One email of an automation, sent `delayMinutes` after the previous one (the first: after the
 * trigger) when its `condition` on the previous step holds. `campaignId` is its hidden campaign
 * (campaigns.automation_id): the sender, the tracking and the unsubscribe of campaigns serve it.
 */
export const automationSteps = pgTable(
  'automation_steps',
  {
    id: primaryId(),
    automationId: uuid()
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    /** 0-based order; positions stay 0…n-1 (a removed step's followers move up). */
    position: integer().notNull(),
    templateId: uuid(),
    templateName: text(),
    delayMinutes: integer().notNull().default(0),
    condition: text().$type<StepCondition>().notNull().default('always'),
    /** Only people in this segment when the step is due get it; the others skip it. A segment in use cannot be deleted. */
    segmentId: uuid().references(() => segments.id),
    campaignId: uuid()
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('automation_steps_position_idx').on(t.automationId, t.position)],
);

/**
 * A person in an automation, once per address: the step they reach next (`nextPosition`) and when
 * (`nextAt`, on the product's clock). The advance job takes due rows (FOR UPDATE SKIP LOCKED) and,
 * in one transaction, writes the step's recipient row and moves the person on, so each person gets
 * each step once whatever process dies when.
 */
export const automationEnrolments = pgTable(
  'automation_enrolments',
  {
    id: primaryId(),
    automationId: uuid()
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    name: text().notNull().default(''),
    /** The card or tag they came from (the footer says so), null for a list's contact. */
    profileId: uuid(),
    state: text().$type<'active' | 'finished' | 'stopped'>().notNull().default('active'),
    nextPosition: integer().notNull().default(0),
    nextAt: timestamp({ withTimezone: true }),
    stopReason: text().$type<'unsubscribed' | 'bounced' | 'complained' | 'manual'>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('automation_enrolments_person_idx').on(t.automationId, t.email),
    index('automation_enrolments_due_idx')
      .on(t.nextAt)
      .where(sql`${t.state} = 'active'`),
  ],
);
