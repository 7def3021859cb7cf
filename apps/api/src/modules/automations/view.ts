import type { Automation, AutomationEnrolment } from '@enlaza/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import type { AutomationSteps } from '../campaigns/index.js';
import { segmentNames } from '../audience/index.js';
import { automationEnrolments, automationSteps, type automations } from './schema.js';

type AutomationRow = typeof automations.$inferSelect;
const PEOPLE_PAGE = 50;

/** Automations as the API answers them: their steps with each step's figures, and how many people are where. */
export async function presentAutomations(db: Database, steps: AutomationSteps, rows: AutomationRow[]): Promise<Automation[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const stepRows = await db
    .select()
    .from(automationSteps)
    .where(inArray(automationSteps.automationId, ids))
    .orderBy(asc(automationSteps.position));
  const figures = await steps.figures(stepRows.map((s) => s.campaignId));
  const segmentName = await segmentNames(db, [...new Set(stepRows.flatMap((s) => s.segmentId ?? []))]);
  const people = await db
    .select({
      automationId: automationEnrolments.automationId,
      state: automationEnrolments.state,
      nextPosition: automationEnrolments.nextPosition,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(automationEnrolments)
    .where(inArray(automationEnrolments.automationId, ids))
    .groupBy(automationEnrolments.automationId, automationEnrolments.state, automationEnrolments.nextPosition);
  return rows.map((row) => {
    const mine = people.filter((p) => p.automationId === row.id);
    const count = (state: string) => mine.filter((p) => p.state === state).reduce((sum, p) => sum + p.n, 0);
    return {
      id: row.id,
      name: row.name,
      state: row.state,
      trigger: row.trigger,
      steps: stepRows
        .filter((s) => s.automationId === row.id)
        .map((s) => {
          const f = figures.get(s.campaignId);
          const waiting = mine.filter((p) => p.state === 'active' && p.nextPosition === s.position).reduce((sum, p) => sum + p.n, 0);
          return {
            id: s.id,
            emailId: s.campaignId,
            position: s.position,
            templateId: s.templateId,
            templateName: s.templateName,
            delayMinutes: s.delayMinutes,
            condition: s.condition,
            segmentId: s.segmentId,
            segmentName: s.segmentId ? (segmentName.get(s.segmentId) ?? null) : null,
            figures: {
              sent: f?.sent ?? 0,
              pending: f?.pending ?? 0,
              skipped: f?.skipped ?? 0,
              bounced: f?.bounced ?? 0,
              opened: f?.opened ?? 0,
              clicked: f?.clicked ?? 0,
              unsubscribed: f?.unsubscribed ?? 0,
              waiting,
            },
          };
        }),
      people: { active: count('active'), finished: count('finished'), stopped: count('stopped') },
      activatedAt: row.activatedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The people in an automation, newest first, in keyset pages. */
export async function peoplePage(
  db: Database,
  id: string,
  cursorToken?: string,
): Promise<{ data: AutomationEnrolment[]; nextCursor: string | null }> {
  const cursor = decodeCursor(cursorToken, 'cursor');
  const rows = await db
    .select({
      id: automationEnrolments.id,
      email: automationEnrolments.email,
      name: automationEnrolments.name,
      state: automationEnrolments.state,
      nextPosition: automationEnrolments.nextPosition,
      nextAt: automationEnrolments.nextAt,
      stopReason: automationEnrolments.stopReason,
      createdAt: automationEnrolments.createdAt,
      createdAtText: sql<string>`${automationEnrolments.createdAt}::text`,
    })
    .from(automationEnrolments)
    .where(
      and(
        eq(automationEnrolments.automationId, id),
        cursor
          ? sql`(${automationEnrolments.createdAt}, ${automationEnrolments.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(automationEnrolments.createdAt), desc(automationEnrolments.id))
    .limit(PEOPLE_PAGE + 1);
  const page = rows.slice(0, PEOPLE_PAGE);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      state: r.state,
      nextStep: r.state === 'active' ? r.nextPosition + 1 : null,
      nextAt: r.state === 'active' ? (r.nextAt?.toISOString() ?? null) : null,
      stopReason: r.stopReason,
      enrolledAt: r.createdAt.toISOString(),
    })),
    nextCursor: rows.length > PEOPLE_PAGE && last ? encodeCursor({ createdAt: last.createdAtText, id: last.id }) : null,
  };
}
