import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import type { EventBus } from '../../platform/events.js';
import { publicIdentity } from '../account/index.js';
import { segmentMembers, suppressionOf } from '../audience/index.js';
import { engagedAddresses, type AutomationSteps } from '../campaigns/index.js';
import { automationEnrolments, automations, automationSteps } from './schema.js';

/** People moved on per transaction. */
const BATCH = 200;
/** A person whose step waits for the owner's monthly sends is looked at again this much later. */
const HELD_RETRY_MS = 3_600_000;

type Quota = { used: number; limit: number; remaining: number; periodStart: string };

export type AdvanceDeps = {
  db: Database;
  steps: AutomationSteps;
  clock: Clock;
  events: Pick<EventBus, 'publish'>;
  /** The owner's monthly sends (the plan's and add-ons'), read before each transaction. */
  sendQuota: (owner: { id: string; role: 'admin' | 'user' }) => Promise<Quota>;
};

export type AdvanceResult = { sent: number; skipped: number; finished: number; stopped: number; held: number };

/**
 * Moves every person whose next step is due (on the product's clock) through it: in one transaction
 * per batch, the people are locked (FOR UPDATE SKIP LOCKED, so several workers share the work), each
 * gets the step's recipient row — the campaign sender sends it exactly once — or a skipped row when
 * the step's condition on the previous one does not hold or the person is not in the step's segment,
 * and moves to the next step (its delay counted from now) or out. A person the owner's suppression list names stops (unsubscribed,
 * bounced, complained, removed by hand); a step that would pass the monthly sends waits an hour.
 * A process killed half-way loses nothing and repeats nothing: the batch's transaction is all or none.
 */
export function createAutomationAdvance({ db, steps, clock, events, sendQuota }: AdvanceDeps) {
  const activeAndDue = (now: Date) =>
    and(eq(automationEnrolments.state, 'active'), lte(automationEnrolments.nextAt, now), eq(automations.state, 'active'));

  async function batch(now: Date, totals: AdvanceResult): Promise<boolean> {
    // What the transaction needs from elsewhere, read first (one connection on PGlite).
    const owners = await db
      .selectDistinct({ userId: automationEnrolments.userId })
      .from(automationEnrolments)
      .innerJoin(automations, eq(automations.id, automationEnrolments.automationId))
      .where(activeAndDue(now))
      .limit(BATCH);
    if (owners.length === 0) return false;
    const quotas = new Map<string, Quota & { counted: number }>();
    const aliases = new Map<string, string>();
    for (const { userId } of owners) {
      const identity = await publicIdentity(db, userId);
      quotas.set(userId, { ...(await sendQuota({ id: userId, role: identity.role })), counted: 0 });
      aliases.set(userId, identity.alias);
    }
    const ownerIds = [...quotas.keys()];
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ enrolment: automationEnrolments })
        .from(automationEnrolments)
        .innerJoin(automations, eq(automations.id, automationEnrolments.automationId))
        .where(and(activeAndDue(now), inArray(automationEnrolments.userId, ownerIds)))
        .orderBy(asc(automationEnrolments.nextAt))
        .limit(BATCH)
        .for('update', { of: automationEnrolments, skipLocked: true });
      if (due.length === 0) return false;
      const stepRows = await tx
        .select()
        .from(automationSteps)
        .where(
          inArray(
            automationSteps.automationId,
            due.map((d) => d.enrolment.automationId),
          ),
        )
        .orderBy(asc(automationSteps.position));
      const inSegment = await segmentsOfDue(
        tx,
        due.map((d) => d.enrolment),
        stepRows,
        now,
      );
      const woken = new Set<string>();
      for (const { enrolment: person } of due) {
        const list = stepRows.filter((s) => s.automationId === person.automationId);
        const member = (step: Step) => inSegment.get(step.id)?.has(person.email) ?? false;
        const outcome = await moveOn(tx, person, list, now, quotas.get(person.userId)!, aliases.get(person.userId) ?? '', member);
        totals[outcome.kind] += 1;
        if (outcome.campaignId) woken.add(outcome.campaignId);
      }
      await steps.wake(tx, [...woken]);
      // The monthly sends counted with the rows (the 80 % / 100 % notifications follow).
      for (const [userId, quota] of quotas)
        if (quota.counted > 0)
          await events.publish(
            'sends.counted',
            {
              userId,
              before: quota.used,
              after: quota.used + quota.counted,
              limit: quota.limit,
              period: quota.periodStart.slice(0, 7),
            },
            tx,
          );
      return true;
    });
  }

  type Person = typeof automationEnrolments.$inferSelect;
  type Step = typeof automationSteps.$inferSelect;

  /**
   * For each due step that is for a segment, which of the people about to take it are in the segment
   * now: one query per step and batch, the rule evaluated at send time.
   */
  async function segmentsOfDue(tx: Transaction, people: Person[], stepRows: Step[], now: Date): Promise<Map<string, Set<string>>> {
    const byStep = new Map<string, { step: Step; ownerId: string; emails: string[] }>();
    for (const person of people) {
      const step = stepRows.find((s) => s.automationId === person.automationId && s.position === person.nextPosition);
      if (!step?.segmentId) continue;
      const entry = byStep.get(step.id) ?? { step, ownerId: person.userId, emails: [] };
      entry.emails.push(person.email);
      byStep.set(step.id, entry);
    }
    const members = new Map<string, Set<string>>();
    for (const { step, ownerId, emails } of byStep.values())
      members.set(step.id, await segmentMembers(tx, ownerId, step.segmentId!, emails, { now, engaged: engagedAddresses }));
    return members;
  }

  /** One person through their due step; answers what happened and the campaign to wake. */
  async function moveOn(
    tx: Transaction,
    person: Person,
    list: Step[],
    now: Date,
    quota: Quota & { counted: number },
    alias: string,
    inSegment: (step: Step) => boolean,
  ): Promise<{ kind: keyof AdvanceResult; campaignId?: string }> {
    const set = (values: Partial<Person>) =>
      tx
        .update(automationEnrolments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(automationEnrolments.id, person.id));
    const step = list[person.nextPosition];
    if (!step) {
      await set({ state: 'finished', nextAt: null });
      return { kind: 'finished' };
    }
    const reason = await suppressionOf(tx, person.userId, person.email);
    if (reason) {
      await set({ state: 'stopped', nextAt: null, stopReason: reason });
      return { kind: 'stopped' };
    }
    const recipient = { email: person.email, name: person.name, profileId: person.profileId };
    const next = list[person.nextPosition + 1];
    const onward = () =>
      set(
        next
          ? { nextPosition: person.nextPosition + 1, nextAt: new Date(now.getTime() + next.delayMinutes * 60_000) }
          : { nextPosition: person.nextPosition + 1, nextAt: null, state: 'finished' },
      );
    const previous = list[person.nextPosition - 1];
    // A step for a segment goes to the people in it when it is due; its condition on the previous step too.
    let holds = !step.segmentId || inSegment(step);
    if (holds && previous && step.condition !== 'always') {
      const seen = await steps.engagement(tx, previous.campaignId, person.email);
      holds = step.condition === 'opened' ? seen.opened : step.condition === 'clicked' ? seen.clicked : !seen.opened;
    }
    if (!holds) {
      await steps.skip(tx, step.campaignId, recipient);
      await onward();
      return { kind: 'skipped' };
    }
    if (quota.remaining <= 0) {
      await set({ nextAt: new Date(now.getTime() + HELD_RETRY_MS) });
      return { kind: 'held' };
    }
    if (await steps.enqueue(tx, step.campaignId, recipient, alias)) {
      quota.remaining -= 1;
      quota.counted += 1;
    }
    await onward();
    return { kind: 'sent', campaignId: step.campaignId };
  }

  return {
    /** Every due step of every automation, batch after batch, until none is due. */
    async advanceDue(): Promise<AdvanceResult> {
      await clock.refresh();
      const totals: AdvanceResult = { sent: 0, skipped: 0, finished: 0, stopped: 0, held: 0 };
      while (await batch(clock.now(), totals));
      await steps.wakeFree();
      return totals;
    },
  };
}

export type AutomationAdvance = ReturnType<typeof createAutomationAdvance>;
