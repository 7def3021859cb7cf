/**
 * Segments: saved rules over the owner's audience (segment-sql.ts), counted live while they are built
 * and evaluated again whenever a campaign or an automation step sends to them. A rule names only the
 * owner's fields, lists, cards and tags and emails (any other: 404); each condition's operator and
 * value must fit its field (422 naming the condition).
 */
import {
  MAX_SEGMENTS,
  MAX_SEGMENT_DAYS,
  OPERATORS_BY_TYPE,
  type Segment,
  type SegmentCondition,
  type SegmentCount,
  type SegmentRule,
} from '@enlaza/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import { fieldsOf } from './fields.js';
import { countRule } from './segment-queries.js';
import type { EngagedAddresses } from './segment-sql.js';
import { segments } from './schema.js';

type Deps = {
  db: Database;
  requireAccess: RequireAccess;
  clock: Pick<Clock, 'now'>;
  /** Who opened or clicked the owner's emails (the campaigns module answers it: the `segmentEngagement` hook). */
  engaged: () => EngagedAddresses;
};
type SegmentRow = typeof segments.$inferSelect;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const isDay = (v: unknown): v is string => {
  if (typeof v !== 'string' || !DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};
const isDays = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_SEGMENT_DAYS;
const toNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^-?\d+([.,]\d+)?$/.test(v.trim())) return Number(v.trim().replace(',', '.'));
  return null;
};

const toSegment = (r: SegmentRow): Segment => ({
  id: r.id,
  name: r.name,
  rule: r.rule,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export function createSegments({ db, requireAccess, clock, engaged }: Deps) {
  const signals = () => ({ now: clock.now(), engaged: engaged() });
  /**
   * The rule checked against the owner's records and fields, with its values in their types (a
   * number field's "12" becomes 12, a choice as the field writes it).
   */
  async function checkedRule(actor: Actor, rule: SegmentRule): Promise<SegmentRule> {
    const conditions = rule.groups.flatMap((g) => g.conditions);
    const ids = <K extends SegmentCondition['kind']>(kind: K, key: string) =>
      conditions.filter((c) => c.kind === kind).flatMap((c) => ((c as Record<string, unknown>)[key] as string | null) ?? []);
    await requireAccess(actor, 'contact_field', ids('field', 'fieldId'));
    await requireAccess(actor, 'list', ids('list', 'listId'));
    await requireAccess(actor, 'profile.any', ids('profile', 'profileId'));
    await requireAccess(actor, 'campaign.any', ids('engagement', 'emailId'));
    const fields = new Map((await fieldsOf(db, actor.id)).map((f) => [f.id, f]));
    const errors: Record<string, { code: string }[]> = {};
    const groups = rule.groups.map((group, g) => ({
      ...group,
      conditions: group.conditions.map((c, i): SegmentCondition => {
        const path = `rule.groups.${g}.conditions.${i}`;
        const bad = (key: 'op' | 'value') => {
          errors[`${path}.${key}`] = [
            { code: key === 'value' && c.kind === 'field' && c.value === null ? 'validation.required' : 'validation.invalid_value' },
          ];
          return c;
        };
        if (c.kind === 'consent') return c.op === 'within_days' ? (isDays(c.value) ? c : bad('value')) : isDay(c.value) ? c : bad('value');
        if (c.kind !== 'field') return c;
        const field = fields.get(c.fieldId)!;
        if (!OPERATORS_BY_TYPE[field.type].includes(c.op)) return bad('op');
        if (c.op === 'empty' || c.op === 'not_empty') return { ...c, value: null };
        if (field.type === 'number') {
          const n = toNumber(c.value);
          return n === null ? bad('value') : { ...c, value: n };
        }
        if (field.type === 'date') return (c.op === 'within_days' ? isDays(c.value) : isDay(c.value)) ? c : bad('value');
        if (typeof c.value !== 'string' || c.value === '') return bad('value');
        if (field.type === 'choice') {
          const choice = field.choices.find((x) => x.toLowerCase() === String(c.value).toLowerCase());
          return choice === undefined ? bad('value') : { ...c, value: choice };
        }
        return c;
      }),
    }));
    if (Object.keys(errors).length) throw new AppError('validation.failed', {}, errors);
    return { ...rule, groups };
  }

  async function segmentOf(actor: Actor, id: string): Promise<SegmentRow> {
    await requireAccess(actor, 'segment', id);
    const [row] = await db.select().from(segments).where(eq(segments.id, id));
    return afterAccess(row);
  }

  return {
    async list(actor: Actor): Promise<Segment[]> {
      const rows = await db
        .select()
        .from(segments)
        .where(eq(segments.userId, actor.id))
        .orderBy(asc(segments.name), asc(segments.createdAt));
      return rows.map(toSegment);
    },

    get: async (actor: Actor, id: string): Promise<Segment> => toSegment(await segmentOf(actor, id)),

    async create(actor: Actor, body: { name: string; rule: SegmentRule }): Promise<Segment> {
      const rule = await checkedRule(actor, body.rule);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(segments)
        .where(eq(segments.userId, actor.id));
      if (Number(count?.n ?? 0) >= MAX_SEGMENTS) throw new AppError('audience.segments_limit', { max: MAX_SEGMENTS });
      const [row] = await db.insert(segments).values({ userId: actor.id, name: body.name, rule }).returning();
      return toSegment(row!);
    },

    async update(actor: Actor, id: string, body: { name?: string | undefined; rule?: SegmentRule | undefined }): Promise<Segment> {
      await segmentOf(actor, id);
      const rule = body.rule ? await checkedRule(actor, body.rule) : undefined;
      const [row] = await db
        .update(segments)
        .set({ ...(body.name !== undefined ? { name: body.name } : {}), ...(rule ? { rule } : {}), updatedAt: new Date() })
        .where(and(eq(segments.id, id), eq(segments.userId, actor.id)))
        .returning();
      return toSegment(row!);
    },

    /** Deletes a segment; refused while an automation step sends to it (a campaign that named it then selects nobody through it). */
    async remove(actor: Actor, id: string): Promise<void> {
      await segmentOf(actor, id);
      try {
        await db.delete(segments).where(eq(segments.id, id));
      } catch (error) {
        const state = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
        if (state === '23503') throw new AppError('audience.segment_in_use');
        throw error;
      }
    },

    /** The people a rule being built selects now. */
    async count(actor: Actor, rule: SegmentRule): Promise<SegmentCount> {
      const checked = await checkedRule(actor, rule);
      return { people: await countRule(db, actor.id, checked, signals()) };
    },

    async countOf(actor: Actor, id: string): Promise<SegmentCount> {
      const row = await segmentOf(actor, id);
      return { people: await countRule(db, actor.id, row.rule, signals()) };
    },
  };
}

export type Segments = ReturnType<typeof createSegments>;
