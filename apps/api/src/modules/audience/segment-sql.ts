/**
 * A segment's rule as one SQL condition on an address (an already lower-cased SQL expression), over
 * the owner's audience. Every condition is a set the address is in or not: the addresses with a field
 * value matching (read through the field-and-value indexes), the people of a list or a card, the
 * addresses that opened or clicked. So a condition on one field reads that field's matching values
 * once, not every person's row, and the database joins the sets as it sees fit.
 *
 * A condition naming something that no longer exists (a deleted field) matches nobody; a list, card or
 * email that is gone is an empty set (so "not in that list" is everyone).
 */
import type { ContactFieldType, SegmentCondition, SegmentRule } from '@enlaza/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { localDate, startOfLocalDay } from '../../lib/time-zone.js';
import { contactFieldValues } from './schema.js';

const DAY_MS = 86_400_000;
/** The zone whose calendar days "today" and "the last N days" of date fields follow. */
export const SEGMENT_TIME_ZONE = 'Europe/Madrid';

/**
 * The addresses (lower-cased) that opened or clicked one of the owner's emails — any, or the one named
 * — since a time or ever, as a subquery: the campaigns module answers it (campaigns/engagement-pieces.ts),
 * as the `segmentEngagement` hook or handed in by its own calls.
 */
export type EngagedAddresses = (q: { ownerId: string; event: 'opened' | 'clicked'; since: Date | null; emailId: string | null }) => SQL;

/** What a rule is evaluated against besides the database: the product's time and the engagement piece. */
export type SegmentSignals = { now: Date; engaged: EngagedAddresses };

export type SegmentContext = SegmentSignals & {
  ownerId: string;
  /** The owner's fields by id, with their type. */
  fields: ReadonlyMap<string, ContactFieldType>;
  /**
   * Every candidate row of the owner's audience (`email`, `profile_id`, `list_id`, `created_at`):
   * the people of a card or a list, and the consent dates, come from it.
   */
  universe: SQL;
};

const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The addresses with a value of `fieldId` matching `where` (on `v`). */
const withValue = (fieldId: string, where: SQL): SQL =>
  sql`(select v.email from ${contactFieldValues} v where v.field_id = ${fieldId} and ${where})`;

function fieldCondition(c: Extract<SegmentCondition, { kind: 'field' }>, email: SQL, ctx: SegmentContext): SQL {
  const type = ctx.fields.get(c.fieldId);
  if (!type) return sql`false`;
  const column = type === 'number' ? sql`v.number_value` : type === 'date' ? sql`v.date_value` : sql`v.text_value`;
  const inSet = (where: SQL) => sql`${email} in ${withValue(c.fieldId, where)}`;
  const notInSet = (where: SQL) => sql`${email} not in ${withValue(c.fieldId, where)}`;
  const value = c.value;
  switch (c.op) {
    case 'empty':
      return notInSet(sql`${column} is not null`);
    case 'not_empty':
      return inSet(sql`${column} is not null`);
    case 'is':
    case 'is_not': {
      const equal =
        type === 'number'
          ? sql`v.number_value = ${Number(value)}`
          : type === 'date'
            ? sql`v.date_value = ${String(value)}::date`
            : sql`lower(v.text_value) = ${String(value ?? '').toLowerCase()}`;
      // "Is not": a value that differs, or no value at all.
      return c.op === 'is' ? inSet(equal) : notInSet(equal);
    }
    case 'contains':
    case 'not_contains': {
      const like = `%${String(value ?? '')
        .toLowerCase()
        .replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      return c.op === 'contains' ? inSet(sql`lower(v.text_value) like ${like}`) : notInSet(sql`lower(v.text_value) like ${like}`);
    }
    case 'gt':
      return inSet(sql`v.number_value > ${Number(value)}`);
    case 'lt':
      return inSet(sql`v.number_value < ${Number(value)}`);
    case 'before':
      return inSet(sql`v.date_value < ${String(value)}::date`);
    case 'after':
      return inSet(sql`v.date_value > ${String(value)}::date`);
    case 'within_days': {
      const today = localDate(ctx.now, SEGMENT_TIME_ZONE);
      return inSet(sql`v.date_value between ${addDays(today, -Number(value))}::date and ${today}::date`);
    }
  }
}

function engagementCondition(c: Extract<SegmentCondition, { kind: 'engagement' }>, email: SQL, ctx: SegmentContext): SQL {
  const since = c.days === null ? null : new Date(ctx.now.getTime() - c.days * DAY_MS);
  const engaged = ctx.engaged({ ownerId: ctx.ownerId, event: c.event, since, emailId: c.emailId });
  return c.negate ? sql`${email} not in ${engaged}` : sql`${email} in ${engaged}`;
}

/** The addresses of the universe's rows matching `where` (on `u`). */
const ofUniverse = (ctx: SegmentContext, where: SQL): SQL => sql`(select u.email from (${ctx.universe}) u where ${where})`;

function condition(c: SegmentCondition, email: SQL, ctx: SegmentContext): SQL {
  switch (c.kind) {
    case 'field':
      return fieldCondition(c, email, ctx);
    case 'engagement':
      return engagementCondition(c, email, ctx);
    case 'list': {
      const set = ofUniverse(ctx, sql`u.list_id = ${c.listId}`);
      return c.negate ? sql`${email} not in ${set}` : sql`${email} in ${set}`;
    }
    case 'profile': {
      const set = ofUniverse(ctx, sql`u.profile_id = ${c.profileId}`);
      return c.negate ? sql`${email} not in ${set}` : sql`${email} in ${set}`;
    }
    case 'consent': {
      // The newest consent: after a time when some consent is; before it when none is after.
      const from =
        c.op === 'within_days'
          ? new Date(ctx.now.getTime() - Number(c.value) * DAY_MS)
          : c.op === 'after'
            ? startOfLocalDay(addDays(String(c.value), 1), SEGMENT_TIME_ZONE)
            : startOfLocalDay(String(c.value), SEGMENT_TIME_ZONE);
      const set = ofUniverse(ctx, sql`u.created_at >= ${from}`);
      return c.op === 'before' ? sql`${email} not in ${set}` : sql`${email} in ${set}`;
    }
  }
}

/** The whole rule as one condition on `email`. */
export function segmentCondition(rule: SegmentRule, email: SQL, ctx: SegmentContext): SQL {
  const joiner = (m: 'all' | 'any') => (m === 'all' ? sql` and ` : sql` or `);
  const groups = rule.groups.map(
    (g) =>
      sql`(${sql.join(
        g.conditions.map((c) => sql`(${condition(c, email, ctx)})`),
        joiner(g.match),
      )})`,
  );
  return sql`(${sql.join(groups, joiner(rule.match))})`;
}
