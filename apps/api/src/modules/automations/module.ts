/**
 * The automations module (automatizaciones): the owner builds a sequence of emails that starts for a
 * person on an event (consent, a lost tag's finder, a list); `automations.advance` sends each step
 * when its delay has passed. Each step is a hidden campaign of the campaigns module (its sender,
 * tracking and unsubscribe), reached through `services.automationSteps`.
 */
import { inArray } from 'drizzle-orm';
import { defineJob } from '../../platform/job-list.js';
import { defineModule } from '../../platform/modules.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { createAutomationAdvance } from './advance.js';
import { createEnrolment } from './enrol.js';
import { automationRoutes } from './routes.js';
import { automations as automationTable, automationSteps } from './schema.js';
import { createAutomationsService, type AutomationsService } from './service.js';
import { createAutomationsUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    automations: AutomationsService;
  }
}

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    /** Every person whose next step is due moves through it (enrolment, activation, the minute's schedule and the test clock send it). */
    'automations.advance': Record<string, never>;
  }
}

export const automationsModule = defineModule({
  name: 'automations',
  async build({ db, clock, jobs, events, log, registries, services: { automationSteps: steps, subscriptions } }) {
    const service = createAutomationsService({ db, requireAccess: registries.access.requireAccess, steps, jobs, clock });
    const advance = createAutomationAdvance({ db, steps, clock, events, sendQuota: (owner) => subscriptions.sendQuota(owner) });
    const enrolment = createEnrolment({ db, clock, jobs });
    await defineJob(jobs, 'automations.advance', async () => {
      const moved = await advance.advanceDue();
      if (moved.sent + moved.skipped + moved.stopped + moved.held > 0) log.info(moved, 'automation steps due');
    });
    await events.subscribe('contact.consented', 'automations', async (payload) => {
      await enrolment.consented(payload);
    });
    await events.subscribe('contacts.listed', 'automations', async (payload) => {
      await enrolment.listed(payload);
    });
    // The complaint watch paused the owner's sending campaigns: automations whose steps were among them pause too.
    await events.subscribe('campaigns.paused', 'automations', async ({ campaigns }) => {
      const ids = campaigns.map((c) => c.id);
      if (ids.length === 0) return;
      await db
        .update(automationTable)
        .set({ state: 'paused' })
        .where(
          inArray(
            automationTable.id,
            db.select({ id: automationSteps.automationId }).from(automationSteps).where(inArray(automationSteps.campaignId, ids)),
          ),
        );
    });
    // The test clock moved: the steps that fell due go now, not at the next minute.
    clock.onAdvance(() => jobs.send('automations.advance', {}));
    return {
      services: { automations: service },
      userData: [createAutomationsUserData(db)],
      access: [ownedRowsAccess('automation', db, automationTable)],
    };
  },
  async register(api, { services: { automations } }) {
    await api.register(automationRoutes, { automations });
  },
});
