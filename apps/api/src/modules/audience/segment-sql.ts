/**
 * A segment's rule as one set of addresses (lower-cased), over the owner's audience. Every condition
 * is a set the address is in or not: the addresses with a field value matching (read from the
 * field-and-value indexes alone), the people of a list or a card, the addresses that opened or clicked.
 * So a condition on one field reads that field's matching values once, not every person's row. In a
 * group of "all", the first condition's addresses are kept when the others name them too (a semi-join,
 * an anti-join for a negation), so the database may look each address up by index instead of reading
 * every set whole; "any" is a union.
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

/**
 * A condition as a set of addresses: those it names, or (`negate`) everyone of the audience but them;
 * `distinct` when no address comes twice (a field's values: one per address; a union).
 */
type Term = { set: SQL; negate: boolean; distinct: boolean };
const NOBODY = sql`select null::text as email where false`;
const term = (set: SQL, negate = false, distinct = false): Term => ({ set, negate, distinct });

/** The addresses with a value of `fieldId` matching `where` (on `v`), through the field-and-value indexes. */
const withValue = (fieldId: string, where: SQL): SQL =>
  sql`select v.email as email from ${contactFieldValues} v where v.field_id = ${fieldId} and ${where}`;

function fieldTerm(c: Extract<SegmentCondition, { kind: 'field' }>, ctx: SegmentContext): Term {
  const type = ctx.fields.get(c.fieldId);
  if (!type) return term(NOBODY, false, true);
  // Text is compared lower-cased: `text_key` is lower(text_value), kept by the database and indexed.
  const column = type === 'number' ? sql`v.number_value` : type === 'date' ? sql`v.date_value` : sql`v.text_key`;
  const values = (where: SQL, negate = false) => term(withValue(c.fieldId, where), negate, true);
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

/** Sets joined by INTERSECT or UNION, as one `select email` (each address once). */
function combine(op: 'intersect' | 'union', sets: SQL[]): SQL {
  const joined = sql.join(
    sets.map((s) => sql`(${s})`),
    sql.raw(` ${op} `),
  );
  return sql`select x.email as email from (${joined}) x`;
}

/** Whether `email` (an SQL expression) is in the set. */
const inSet = (set: SQL, email: SQL): SQL => sql`exists (select 1 from (${set}) y where y.email = ${email})`;

/**
 * A group (or the rule over its groups) as one set: "all" is the addresses its first term names that
 * every other term names too and no negated term names (semi-joins and anti-joins: the database may
 * probe the other terms' indexes for each address rather than read them whole); "any" the union of
 * what its terms name and everyone but those all its negated terms name. The audience's whole list of
 * addresses is read only for a negation that nothing positive narrows.
 */
function join(match: 'all' | 'any', terms: Term[], ctx: SegmentContext): Term {
  const named = terms.filter((t) => !t.negate);
  const excluded = terms.filter((t) => t.negate);
  const everyone = term(ofUniverse(ctx, sql`true`));
  if (match === 'all') {
    const [base, ...others] = named.length ? named : [everyone];
    if (others.length + excluded.length === 0) return base!;
    const a = sql`a.email`;
    const conditions = [...others.map((t) => inSet(t.set, a)), ...excluded.map((t) => sql`not ${inSet(t.set, a)}`)];
    return term(sql`select a.email as email from (${base!.set}) a where ${sql.join(conditions, sql` and `)}`, false, base!.distinct);
  }
  const notAll =
    excluded.length === 1
      ? excluded[0]!.set
      : combine(
          'intersect',
          excluded.map((t) => t.set),
        );
  const parts = [
    ...named,
    ...(excluded.length ? [term(sql`select a.email as email from (${everyone.set}) a where not ${inSet(notAll, sql`a.email`)}`)] : []),
  ];
  return parts.length === 1
    ? parts[0]!
    : term(
        combine(
          'union',
          parts.map((t) => t.set),
        ),
        false,
        true,
      );
}

/**
 * The addresses a rule selects, as one `select email` (not yet narrowed to who is in the audience and
 * unsuppressed); `distinct` when each comes once.
 */
export function segmentSet(rule: SegmentRule, ctx: SegmentContext): { set: SQL; distinct: boolean } {
  const groups = rule.groups.map((g) =>
    join(
      g.match,
      g.conditions.map((c) => conditionTerm(c, ctx)),
      ctx,
    ),
  );
  const { set, distinct } = join(rule.match, groups, ctx);
  return { set, distinct };
}
