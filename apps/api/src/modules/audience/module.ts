import { defineModule } from '../../platform/modules.js';
import { defineJob } from '../../platform/job-list.js';
import { audienceRoutes } from './routes.js';
import { segmentRoutes } from './segment-routes.js';
import { createContactFields, type ContactFields } from './fields.js';
import { createSegments, type Segments } from './segments.js';
import type { EngagedAddresses } from './segment-sql.js';
import { createAudienceRepository } from './repository.js';
import { createAudienceAccess } from './access.js';
import { createAudienceService, type AudienceService } from './service.js';
import { createConsents, type Consents } from './consents.js';
import { createContactListsUserData } from './contacts-user-data.js';
import { createAudienceUserData, createConsentsUserData, createContactFieldsUserData, createSegmentsUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    /** Double opt-in and the proofs of consent: the contact form records each visitor's consent through it. */
    consents: Consents;
    audience: AudienceService;
    /** Contact fields: the contact form and the CSV import fill them. */
    contactFields: ContactFields;
    /** Saved segments: counted live, evaluated when campaigns and automation steps send. */
    segments: Segments;
  }
}

declare module '../../platform/modules.js' {
  interface Hooks {
    /** Who opened or clicked an owner's emails, for segments' engagement conditions (the campaigns module answers it). */
    segmentEngagement: EngagedAddresses;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    consents: Consents;
  }
}

declare module '../../platform/jobs.js' {
  interface JobPayloads {
    /** Expires the consents past their time without a confirmation (and removes the imported contacts they held back). */
    'consents.purge': Record<string, never>;
  }
}

export { registerConfirmationPage } from './confirmation-page.js';

/**
 * Audience: who campaigns reach, imported lists, the suppression list, and consents (double opt-in).
 * Built before the mailbox, whose contact form records consents through `consents`; app.ts adds the
 * confirmation page (`registerConfirmationPage`) among the pages outside /api.
 */
export const audienceModule = defineModule({
  name: 'audience',
  needs: ['segmentEngagement'],
  provides: ['contactFormFields'],
  async build({
    db,
    mailer,
    clock,
    events,
    jobs,
    config,
    log,
    registries,
    services: { accounts, subscriptions },
    hooks: { segmentEngagement },
  }) {
    const signals = () => ({ now: clock.now(), engaged: segmentEngagement() });
    const consents = createConsents({
      db,
      mailer,
      clock,
      events,
      publicUrl: config.publicUrl,
      ownerName: async (userId) => (await accounts.contact(userId)).name,
    });
    const audience = createAudienceService({
      db,
      repo: createAudienceRepository(db),
      requireAccess: registries.access.requireAccess,
      consents,
      sendQuota: (actor) => subscriptions.sendQuota(actor),
      signals,
    });
    const contactFields = createContactFields({ db, requireAccess: registries.access.requireAccess });
    const segments = createSegments({ db, requireAccess: registries.access.requireAccess, clock, engaged: segmentEngagement });
    await defineJob(jobs, 'consents.purge', async () => {
      const purged = await consents.purgeExpired();
      if (purged.expired > 0) log.info(purged, 'unconfirmed consents expired');
    });
    return {
      services: { consents, audience, contactFields, segments },
      hooks: { contactFormFields: (ownerId: string) => contactFields.formFields(ownerId) },
      decorate: { consents },
      userData: [
        createAudienceUserData(db),
        createConsentsUserData(db),
        createContactListsUserData(db),
        createContactFieldsUserData(db),
        createSegmentsUserData(db),
      ],
      access: createAudienceAccess(db),
    };
  },
  async register(api, { services: { audience, contactFields, segments } }) {
    await api.register(audienceRoutes, { audience });
    await api.register(segmentRoutes, { fields: contactFields, segments });
  },
});
