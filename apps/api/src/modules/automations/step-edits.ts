import { MAX_AUTOMATION_STEPS, type Automation, type AutomationStepBody } from '@enlaza/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs.js';
import type { AutomationSteps, ReviewMe } from '../campaigns/index.js';
import { findTemplateForSend } from '../templates/index.js';
import { automationEnrolments, automationSteps, type automations } from './schema.js';

type AutomationRow = typeof automations.$inferSelect;
type StepRow = typeof automationSteps.$inferSelect;

/** The steps of an automation the service checked is the actor's: added, changed, removed, sent as a test. */
export function automationStepEdits(deps: {
  db: Database;
  requireAccess: RequireAccess;
  steps: AutomationSteps;
  clock: Clock;
  jobs: Jobs;
  automationOf: (actor: Actor, id: string) => Promise<AutomationRow>;
  stepOf: (automationId: string, stepId: string) => Promise<StepRow>;
  stepsOf: (tx: Database | Transaction, automationId: string) => Promise<StepRow[]>;
  reload: (actor: Actor, id: string) => Promise<Automation>;
}) {
  const { db, requireAccess, steps, clock, jobs, automationOf, stepOf, stepsOf, reload } = deps;

  async function templateOf(actor: Actor, templateId: string) {
    await requireAccess(actor, 'template', templateId);
    return afterAccess(await findTemplateForSend(db, actor.id, templateId));
  }

  /** A step's body checked: the template is the actor's, the first step has no condition. */
  async function stepValues(actor: Actor, body: AutomationStepBody, position: number) {
    const template = await templateOf(actor, body.templateId);
    // A segment that is not the actor's: 404, as any other's record.
    if (body.segmentId) await requireAccess(actor, 'segment', body.segmentId);
    return {
      templateId: template.id,
      templateName: template.name,
      delayMinutes: body.delayMinutes,
      condition: position === 0 ? ('always' as const) : body.condition,
      segmentId: body.segmentId ?? null,
    };
  }

  return {
    async addStep(actor: Actor, id: string, body: AutomationStepBody): Promise<Automation> {
      const row = await automationOf(actor, id);
      const existing = await stepsOf(db, id);
      if (existing.length >= MAX_AUTOMATION_STEPS) throw new AppError('automation.too_many_steps', { max: MAX_AUTOMATION_STEPS });
      const position = existing.length;
      const values = await stepValues(actor, body, position);
      await db.transaction(async (tx) => {
        const campaignId = await steps.create(tx, actor.id, id, `${row.name} · ${position + 1}`);
        await tx.insert(automationSteps).values({ automationId: id, position, campaignId, ...values });
        // In an active automation the new step sends from now on (a draft or paused one's steps are prepared when activated).
        if (row.state === 'active') await steps.prepare(tx, actor.id, [{ campaignId, templateId: values.templateId, position }]);
        else await steps.setTemplate(tx, actor.id, { campaignId, templateId: values.templateId, position });
        // An active automation's people who had gone through every step wait for the new one (after its delay).
        if (row.state !== 'draft')
          await tx
            .update(automationEnrolments)
            .set({ state: 'active', nextAt: new Date(clock.now().getTime() + values.delayMinutes * 60_000), updatedAt: sql`now()` })
            .where(
              and(
                eq(automationEnrolments.automationId, id),
                eq(automationEnrolments.state, 'finished'),
                eq(automationEnrolments.nextPosition, position),
              ),
            );
        // Those it brought back go now when the new step is "at once".
        if (row.state === 'active') await jobs.send('automations.advance', {}, { tx });
      });
      return reload(actor, id);
    },

    async updateStep(actor: Actor, id: string, stepId: string, body: AutomationStepBody): Promise<Automation> {
      await automationOf(actor, id);
      const step = await stepOf(id, stepId);
      const values = await stepValues(actor, body, step.position);
      await db.transaction(async (tx) => {
        await tx
          .update(automationSteps)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(automationSteps.id, stepId));
        await steps.setTemplate(tx, actor.id, { campaignId: step.campaignId, templateId: values.templateId, position: step.position });
      });
      return reload(actor, id);
    },

    /**
     * A step removed: the steps after it move up, and people waiting for it wait for the next one.
     * Its campaign goes (its recipient rows with it); what it sent stays in Comunicaciones.
     */
    async removeStep(actor: Actor, id: string, stepId: string): Promise<Automation> {
      await automationOf(actor, id);
      const step = await stepOf(id, stepId);
      await db.transaction(async (tx) => {
        await tx.delete(automationSteps).where(eq(automationSteps.id, stepId));
        await tx
          .update(automationSteps)
          .set({ position: sql`${automationSteps.position} - 1` })
          .where(and(eq(automationSteps.automationId, id), gt(automationSteps.position, step.position)));
        await tx
          .update(automationEnrolments)
          .set({ nextPosition: sql`${automationEnrolments.nextPosition} - 1` })
          .where(and(eq(automationEnrolments.automationId, id), gt(automationEnrolments.nextPosition, step.position)));
        // The new first step has no previous one to look at.
        if (step.position === 0)
          await tx
            .update(automationSteps)
            .set({ condition: 'always' })
            .where(and(eq(automationSteps.automationId, id), eq(automationSteps.position, 0)));
        await steps.remove(tx, [step.campaignId]);
      });
      return reload(actor, id);
    },

    /** A step's email sent to the owner's own address, as the people in it will get it. */
    async sendStepTest(actor: Actor, me: ReviewMe, id: string, stepId: string): Promise<{ to: string }> {
      await automationOf(actor, id);
      const step = await stepOf(id, stepId);
      return steps.sendTest(actor, me, step.campaignId);
    },
  };
}
