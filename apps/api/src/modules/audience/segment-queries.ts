import type { SegmentRule } from '@enlaza/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { audienceUniverse, notSuppressed, rowsOf } from './audience-pieces.js';
import { contactFields, segments } from './schema.js';
import { segmentCondition, type SegmentContext, type SegmentSignals } from './segment-sql.js';

type Db = Database | Transaction;

/** What a rule of the owner is evaluated with: their fields' types, the time, their whole audience. */
export async function segmentContext(db: Db, ownerId: string, signals: SegmentSignals): Promise<SegmentContext> {
  const fields = await db
    .select({ id: contactFields.id, type: contactFields.type })
    .from(contactFields)
    .where(eq(contactFields.userId, ownerId));
  return { ...signals, ownerId, fields: new Map(fields.map((f) => [f.id, f.type])), universe: audienceUniverse(ownerId) };
}

/** The rows of the owner's audience a rule selects (email, name, profile, time), before de-duplication. */
const ruleRows = (rule: SegmentRule, ctx: SegmentContext): SQL =>
  sql`select u.email as email, u.name as name, u.profile_id as profile_id, u.created_at as created_at from (${ctx.universe}) u where ${segmentCondition(rule, sql`u.email`, ctx)}`;

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

/** How many people (distinct, unsuppressed addresses) a rule selects now. */
export async function countRule(db: Db, ownerId: string, rule: SegmentRule, signals: SegmentSignals): Promise<number> {
  const ctx = await segmentContext(db, ownerId, signals);
  const result = await db.execute(sql`
    select count(distinct a.email)::int as n from (${ruleRows(rule, ctx)}) a
    where a.email <> '' and ${notSuppressed(ownerId, sql`a.email`)}`);
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
  const result = await db.execute(sql`
    select distinct a.email from (${ruleRows(row.rule, ctx)}) a
    where a.email = any(string_to_array(${emails.join('\n')}, E'\\n'))`);
  return new Set(rowsOf<{ email: string }>(result).map((r) => r.email));
}
