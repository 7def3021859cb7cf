import type { SegmentRule } from '@enlaza/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { audienceCountOf, audienceRowsOf, audienceUniverse, rowsOf, withoutJit } from './audience-pieces.js';
import { contactFields, segments } from './schema.js';
import { segmentSet, type SegmentContext, type SegmentSignals } from './segment-sql.js';

type Db = Database | Transaction;

/** What a rule of the owner is evaluated with: their fields' types, the time, their whole audience. */
export async function segmentContext(db: Db, ownerId: string, signals: SegmentSignals): Promise<SegmentContext> {
  const fields = await db
    .select({ id: contactFields.id, type: contactFields.type })
    .from(contactFields)
    .where(eq(contactFields.userId, ownerId));
  return { ...signals, ownerId, fields: new Map(fields.map((f) => [f.id, f.type])), universe: audienceUniverse(ownerId) };
}

/** The addresses a rule selects, each once. */
const addressesOf = (rule: SegmentRule, ctx: SegmentContext): SQL => {
  const { set, distinct } = segmentSet(rule, ctx);
  return distinct ? set : sql`select distinct d.email from (${set}) d`;
};

/** The rows of the owner's audience a rule selects (email, name, profile, time), before de-duplication. */
const ruleRows = (rule: SegmentRule, ctx: SegmentContext, only?: readonly string[]): SQL => {
  const set = addressesOf(rule, ctx);
  // An automation step asks about a few addresses: the set narrowed to them first.
  const narrowed = only
    ? sql`select n.email as email from (${set}) n where n.email = any(string_to_array(${only.join('\n')}, E'\\n'))`
    : set;
  return sql`select r.email, r.name, r.profile_id, r.created_at from (${audienceRowsOf(ctx.ownerId, narrowed)}) r`;
};

/** The candidate rows of the owner's segments named (another user's segment selects nobody), evaluated now. */
export async function segmentCandidates(db: Db, ownerId: string, ids: readonly string[], signals: SegmentSignals): Promise<SQL[]> {
  if (ids.length === 0) return [];
  const rules = await db
    .select({ rule: segments.rule })
    .from(segments)
    .where(and(eq(segments.userId, ownerId), inArray(segments.id, [...ids])));
  if (rules.length === 0) return [];
  const ctx = await segmentContext(db, ownerId, signals);
  return rules.map((r) => ruleRows(r.rule, ctx));
}

/**
 * How many people (distinct, unsuppressed addresses) a rule selects now: counted from the addresses
 * alone (no names or dates), the same people `segmentCandidates` answers rows for.
 */
export async function countRule(db: Db, ownerId: string, rule: SegmentRule, signals: SegmentSignals): Promise<number> {
  const count = audienceCountOf(ownerId, segmentSet(rule, await segmentContext(db, ownerId, signals)).set);
  const result = await withoutJit(db, (q) => q.execute(count));
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}

/** Which of `emails` (lower-cased) are in the owner's segment now; none when the segment is not theirs. */
export async function segmentMembers(
  db: Db,
  ownerId: string,
  segmentId: string,
  emails: readonly string[],
  signals: SegmentSignals,
): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const [row] = await db
    .select({ rule: segments.rule })
    .from(segments)
    .where(and(eq(segments.userId, ownerId), eq(segments.id, segmentId)));
  if (!row) return new Set();
  const ctx = await segmentContext(db, ownerId, signals);
  const result = await db.execute(sql`select distinct a.email from (${ruleRows(row.rule, ctx, emails)}) a`);
  return new Set(rowsOf<{ email: string }>(result).map((r) => r.email));
}
