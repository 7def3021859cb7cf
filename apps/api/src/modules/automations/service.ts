import { type Automation, type AutomationBody, type AutomationTrigger } from '@enlaza/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { afterAccess, type RequireAccess } from '../../platform/access.js';
import type { Actor } from '../../platform/actor.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs.js';
import type { AutomationSteps } from '../campaigns/index.js';
import { automations, automationSteps } from './schema.js';
import { automationStepEdits } from './step-edits.js';
import { peoplePage, presentAutomations } from './view.js';

type AutomationRow = typeof automations.$inferSelect;
type StepRow = typeof automationSteps.$inferSelect;

export type AutomationsServiceDeps = {
  db: Database;
  requireAccess: RequireAccess;
  /** The campaign side: each step's hidden campaign (campaigns/automation-steps.ts). */
  steps: AutomationSteps;
  jobs: Jobs;
  clock: Clock;
};

/**
 * The owner's automations: building them (trigger, steps), activating and pausing, the figures of
 * each step and the people in it. Who enters is enrol.ts's, what is sent when is advance.ts's.
 */
export function createAutomationsService({ db, requireAccess, steps, jobs, clock }: AutomationsServiceDeps) {
  async function automationOf(actor: Actor, id: string): Promise<AutomationRow> {
    await requireAccess(actor, 'automation', id);
    const [row] = await db
      .select()
      .from(automations)
      .where(and(eq(automations.id, id), eq(automations.userId, actor.id)));
    return afterAccess(row);
  }

  const stepsOf = (tx: Database | Transaction, automationId: string): Promise<StepRow[]> =>
    tx.select().from(automationSteps).where(eq(automationSteps.automationId, automationId)).orderBy(asc(automationSteps.position));

  /** A step of an automation the actor's access was checked for: a step id of another automation is not here (404). */
  async function stepOf(automationId: string, stepId: string): Promise<StepRow> {
    const [step] = await db
      .select()
      .from(automationSteps)
      .where(and(eq(automationSteps.id, stepId), eq(automationSteps.automationId, automationId)));
    if (!step) throw new AppError('record.not_found');
    return step;
  }

  /** Ids in a trigger or a step must be the actor's own (else 404, as for any other user's record). */
  async function checkTrigger(actor: Actor, trigger: AutomationTrigger): Promise<void> {
    if (trigger.kind === 'list_added') await requireAccess(actor, 'list', trigger.listId);
    else if (trigger.profileId) await requireAccess(actor, 'profile', trigger.profileId);
  }

  const present = (rows: AutomationRow[]) => presentAutomations(db, steps, rows);
  const presentOne = async (row: AutomationRow) => (await present([row]))[0]!;
  const reload = async (actor: Actor, id: string) => presentOne(await automationOf(actor, id));

  return {
    async list(actor: Actor): Promise<Automation[]> {
      const rows = await db.select().from(automations).where(eq(automations.userId, actor.id)).orderBy(desc(automations.createdAt));
      return present(rows);
    },

    get: reload,

    /** Adding, changing, removing and testing steps (step-edits.ts). */
    ...automationStepEdits({ db, requireAccess, steps, clock, jobs, automationOf, stepOf, stepsOf, reload }),

    /** The people in it, newest first, in keyset pages. */
    async people(actor: Actor, id: string, cursorToken?: string) {
      await automationOf(actor, id);
      return peoplePage(db, id, cursorToken);
    },

    async create(actor: Actor, body: AutomationBody): Promise<Automation> {
      await checkTrigger(actor, body.trigger);
      const [row] = await db.insert(automations).values({ userId: actor.id, name: body.name, trigger: body.trigger }).returning();
      return presentOne(row!);
    },

    /** Name and trigger; a new trigger applies to who enters from now on (those in it go on). */
    async update(actor: Actor, id: string, body: AutomationBody): Promise<Automation> {
      await automationOf(actor, id);
      await checkTrigger(actor, body.trigger);
      await db
        .update(automations)
        .set({ name: body.name, trigger: body.trigger, updatedAt: sql`now()` })
        .where(eq(automations.id, id));
      return reload(actor, id);
    },

    /** A paused or draft automation is deleted with its steps' campaigns and its people (the deliveries stay in Comunicaciones). */
    async remove(actor: Actor, id: string): Promise<void> {
      const row = await automationOf(actor, id);
      if (row.state === 'active') throw new AppError('automation.busy');
      const campaignIds = (await stepsOf(db, id)).map((s) => s.campaignId);
      await db.transaction(async (tx) => {
        await tx.delete(automations).where(and(eq(automations.id, id), sql`${automations.state} <> 'active'`));
        await steps.remove(tx, campaignIds);
      });
    },

    /**
     * Starts (or resumes) it: every step's template copied and its campaign ready to send (a template
     * gone or no sender saved: nothing changes and the answer says why). People held while it was
     * paused go on at once.
     */
    async activate(actor: Actor, id: string): Promise<Automation> {
      await automationOf(actor, id);
      const all = await stepsOf(db, id);
      if (all.length === 0) throw new AppError('automation.no_steps');
      await db.transaction(async (tx) => {
        await steps.prepare(
          tx,
          actor.id,
          all.map((s) => ({ campaignId: s.campaignId, templateId: s.templateId, position: s.position })),
        );
        await tx
          .update(automations)
          // On the product's clock, as the consents' confirmation times it is compared with (enrol.ts).
          .set({
            state: 'active',
            activatedAt: sql`coalesce(${automations.activatedAt}, ${clock.now().toISOString()}::timestamptz)`,
            updatedAt: sql`now()`,
          })
          .where(eq(automations.id, id));
        await steps.wake(
          tx,
          all.map((s) => s.campaignId),
        );
        await jobs.send('automations.advance', {}, { tx });
      });
      return reload(actor, id);
    },

    /** Holds it: nobody enters a step (their time passes; they go on when it is activated again), emails not yet sent wait. */
    async pause(actor: Actor, id: string): Promise<Automation> {
      await automationOf(actor, id);
      const all = await stepsOf(db, id);
      await db.transaction(async (tx) => {
        await tx
          .update(automations)
          .set({ state: 'paused', updatedAt: sql`now()` })
          .where(and(eq(automations.id, id), eq(automations.state, 'active')));
        await steps.pause(
          tx,
          all.map((s) => s.campaignId),
        );
      });
      return reload(actor, id);
    },
  };
}

export type AutomationsService = ReturnType<typeof createAutomationsService>;
