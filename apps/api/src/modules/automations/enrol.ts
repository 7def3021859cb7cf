import type { DomainEvents } from '@enlaza/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../platform/clock.js';
import type { Jobs } from '../../platform/jobs.js';
import { listContactsJoinedSince, type AudienceMember } from '../audience/index.js';
import { automationEnrolments, automations, automationSteps } from './schema.js';

type AutomationRow = typeof automations.$inferSelect;

/**
 * Who enters an automation: the owner's active (or paused: they wait) automations whose trigger the
 * event matches take the person once per address (a second consent, a second import, a delivery of
 * the event repeated add nobody). Their first step is due after its delay, on the product's clock.
 */
export function createEnrolment({ db, clock, jobs }: { db: Database; clock: Clock; jobs: Jobs }) {
  async function enrol(list: AutomationRow[], people: AudienceMember[]): Promise<number> {
    if (list.length === 0 || people.length === 0) return 0;
    const firsts = await db
      .select({ automationId: automationSteps.automationId, delayMinutes: automationSteps.delayMinutes })
      .from(automationSteps)
      .where(
        and(
          inArray(
            automationSteps.automationId,
            list.map((a) => a.id),
          ),
          eq(automationSteps.position, 0),
        ),
      )
      .orderBy(asc(automationSteps.position));
    const now = clock.now().getTime();
    let added = 0;
    let soonest = Infinity;
    for (const automation of list) {
      const delay = firsts.find((f) => f.automationId === automation.id)?.delayMinutes ?? 0;
      const values = people.map((p) => ({
        automationId: automation.id,
        userId: automation.userId,
        email: p.email.toLowerCase(),
        name: p.name,
        profileId: p.profileId,
        nextAt: new Date(now + delay * 60_000),
      }));
      for (let i = 0; i < values.length; i += 500) {
        const inserted = await db
          .insert(automationEnrolments)
          .values(values.slice(i, i + 500))
          .onConflictDoNothing()
          .returning({ id: automationEnrolments.id });
        added += inserted.length;
      }
      if (automation.state === 'active') soonest = Math.min(soonest, delay * 60_000);
    }
    // A first step "at once" goes now; a later one is found by the sweep of its minute (`automations.advance`'s schedule).
    if (added > 0 && soonest === 0) await jobs.send('automations.advance', {});
    return added;
  }

  const live = (userId: string) =>
    db
      .select()
      .from(automations)
      .where(and(eq(automations.userId, userId), inArray(automations.state, ['active', 'paused'])));

  return {
    /** A visitor's consent counts (at once, or confirmed by email): automations on consent, and on a lost tag's finder. */
    async consented(p: DomainEvents['contact.consented']): Promise<number> {
      const matching = (await live(p.userId)).filter((a) => {
        const t = a.trigger;
        if (t.kind === 'consented') return t.profileId === null || t.profileId === p.profileId;
        if (t.kind === 'lost_found') return p.lostMode && (t.profileId === null || t.profileId === p.profileId);
        return false;
      });
      return enrol(matching, [{ email: p.email, name: p.name, profileId: p.profileId }]);
    },

    /** Contacts of a list began to count: automations on that list take those who joined since they were activated. */
    async listed(p: DomainEvents['contacts.listed']): Promise<number> {
      const matching = (await live(p.userId)).filter((a) => a.trigger.kind === 'list_added' && a.trigger.listId === p.listId);
      let added = 0;
      for (const automation of matching) {
        if (!automation.activatedAt) continue;
        const people = await listContactsJoinedSince(db, p.userId, p.listId, automation.activatedAt);
        added += await enrol([automation], people);
      }
      return added;
    },
  };
}

export type Enrolment = ReturnType<typeof createEnrolment>;
