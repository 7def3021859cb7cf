import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import type { UserDataProvider } from '../../platform/user-data-registry.js';
import { automationEnrolments, automations, automationSteps } from './schema.js';

/** The user's automations with their steps and the people in each; erased with them (their steps' campaigns go with `campaigns`). */
export function createAutomationsUserData(db: Database): UserDataProvider<'automations'> {
  return {
    section: 'automations',
    async export(userId) {
      const rows = await db.select().from(automations).where(eq(automations.userId, userId)).orderBy(asc(automations.createdAt));
      const steps = await db
        .select({ s: automationSteps })
        .from(automationSteps)
        .innerJoin(automations, eq(automations.id, automationSteps.automationId))
        .where(eq(automations.userId, userId))
        .orderBy(asc(automationSteps.position));
      const people = await db
        .select()
        .from(automationEnrolments)
        .where(eq(automationEnrolments.userId, userId))
        .orderBy(asc(automationEnrolments.email));
      return rows.map((a) => ({
        name: a.name,
        state: a.state,
        trigger: a.trigger,
        createdAt: a.createdAt.toISOString(),
        steps: steps
          .filter(({ s }) => s.automationId === a.id)
          .map(({ s }) => ({ position: s.position, templateName: s.templateName, delayMinutes: s.delayMinutes, condition: s.condition })),
        people: people
          .filter((p) => p.automationId === a.id)
          .map((p) => ({
            email: p.email,
            name: p.name,
            state: p.state,
            nextStep: p.nextPosition,
            stopReason: p.stopReason,
            enrolledAt: p.createdAt.toISOString(),
          })),
      }));
    },
    async erase(userId, tx) {
      // Steps and people go with their automation (cascade).
      await tx.delete(automations).where(eq(automations.userId, userId));
    },
  };
}
