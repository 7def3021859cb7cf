/**
 * A segment's rule as one SQL condition on an address (an already lower-cased SQL expression), over
 * the owner's audience. Every condition is a set the address is in or not: the addresses with a field
 * value matching (read through the field-and-value indexes), the people of a list or a card, the
 * addresses that opened or clicked. So a condition on one field reads that field's matching values
 * once, from its index alone, not every person's row, and the database joins the sets as it sees fit.
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

/** A condition as a set of addresses: those it names, or (`negate`) everyone of the audience but them. */
type Term = { set: SQL; negate: boolean };
const NOBODY = sql`select null::text as email where false`;
const term = (set: SQL, negate = false): Term => ({ set, negate });

/** The addresses with a value of `fieldId` matching `where` (on `v`), through the field-and-value indexes. */
const withValue = (fieldId: string, where: SQL): SQL =>
  sql`select v.email as email from ${contactFieldValues} v where v.field_id = ${fieldId} and ${where}`;

function fieldTerm(c: Extract<SegmentCondition, { kind: 'field' }>, ctx: SegmentContext): Term {
  const type = ctx.fields.get(c.fieldId);
  if (!type) return term(NOBODY);
  // Text is compared lower-cased: `text_key` is lower(text_value), kept by the database and indexed.
  const column = type === 'number' ? sql`v.number_value` : type === 'date' ? sql`v.date_value` : sql`v.text_key`;
  const values = (where: SQL, negate = false) => term(withValue(c.fieldId, where), negate);
  const value = c.value;
  switch (c.op) {
    case 'empty':
      return values(sql`${column} is not null`, true);
    case 'not_empty':
      return values(sql`${column} is not null`);
    case 'is':
    case 'is_not': {
      const equal =
        type === 'number'
          ? sql`v.number_value = ${Number(value)}`
          : type === 'date'
            ? sql`v.date_value = ${String(value)}::date`
            : sql`v.text_key = ${String(value ?? '').toLowerCase()}`;
      // "Is not": a value that differs, or no value at all.
      return values(equal, c.op === 'is_not');
    }
    case 'contains':
    case 'not_contains': {
      const like = `%${String(value ?? '')
        .toLowerCase()
        .replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      return values(sql`v.text_key like ${like}`, c.op === 'not_contains');
    }
    case 'gt':
      return values(sql`v.number_value > ${Number(value)}`);
    case 'lt':
      return values(sql`v.number_value < ${Number(value)}`);
    case 'before':
      return values(sql`v.date_value < ${String(value)}::date`);
    case 'after':
      return values(sql`v.date_value > ${String(value)}::date`);
    case 'within_days': {
      const today = localDate(ctx.now, SEGMENT_TIME_ZONE);
      return values(sql`v.date_value between ${addDays(today, -Number(value))}::date and ${today}::date`);
    }
  }
}

/** The addresses of the audience's rows matching `where` (on `u`). */
const ofUniverse = (ctx: SegmentContext, where: SQL): SQL => sql`select u.email as email from (${ctx.universe}) u where ${where}`;

function conditionTerm(c: SegmentCondition, ctx: SegmentContext): Term {
  switch (c.kind) {
    case 'field':
      return fieldTerm(c, ctx);
    case 'engagement': {
      const since = c.days === null ? null : new Date(ctx.now.getTime() - c.days * DAY_MS);
      return term(
        sql`select e.email as email from ${ctx.engaged({ ownerId: ctx.ownerId, event: c.event, since, emailId: c.emailId })} e`,
        c.negate,
      );
    }
    case 'list':
      return term(ofUniverse(ctx, sql`u.list_id = ${c.listId}`), c.negate);
    case 'profile':
      return term(ofUniverse(ctx, sql`u.profile_id = ${c.profileId}`), c.negate);
    case 'consent': {
      // The newest consent: after a time when some consent is; before it when none is after.
      const from =
        c.op === 'within_days'
          ? new Date(ctx.now.getTime() - Number(c.value) * DAY_MS)
          : c.op === 'after'
            ? startOfLocalDay(addDays(String(c.value), 1), SEGMENT_TIME_ZONE)
            : startOfLocalDay(String(c.value), SEGMENT_TIME_ZONE);
      return term(ofUniverse(ctx, sql`u.created_at >= ${from}`), c.op === 'before');
    }
  }
}

/** Sets joined by INTERSECT, UNION or EXCEPT, as one `select email`. */
function combine(op: 'intersect' | 'union' | 'except', sets: SQL[]): SQL {
  if (sets.length === 1) return sets[0]!;
  const joined = sql.join(
    sets.map((s) => sql`(${s})`),
    sql.raw(` ${op} `),
  );
  return sql`select x.email as email from (${joined}) x`;
}

/**
 * A group (or the rule over its groups) as one set: "all" is the intersection of what its terms
 * name minus what its negated terms name; "any" the union of what its terms name and everyone but
 * those all its negated terms name. The audience's whole list of addresses is read only for a
 * negation that nothing positive narrows.
 */
function join(match: 'all' | 'any', terms: Term[], ctx: SegmentContext): SQL {
  const named = terms.filter((t) => !t.negate).map((t) => t.set);
  const excluded = terms.filter((t) => t.negate).map((t) => t.set);
  const everyone = ofUniverse(ctx, sql`true`);
  if (match === 'all') {
    const base = named.length ? combine('intersect', named) : everyone;
    return excluded.length ? combine('except', [base, combine('union', excluded)]) : base;
  }
  const rest = excluded.length ? [combine('except', [everyone, combine('intersect', excluded)])] : [];
  return combine('union', [...named, ...rest]);
}

/** The addresses a rule selects, as one `select email` (not yet narrowed to who is in the audience and unsuppressed). */
export function segmentSet(rule: SegmentRule, ctx: SegmentContext): SQL {
  const groups = rule.groups.map((g) =>
    term(
      join(
        g.match,
        g.conditions.map((c) => conditionTerm(c, ctx)),
        ctx,
      ),
    ),
  );
  return join(rule.match, groups, ctx);
}
