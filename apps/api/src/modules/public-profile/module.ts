/** The public page of a card or tag (HTML, JSON, vCard) and its server-side rendering helpers. */
import { defineModule } from '../../platform/modules.js';
import { createDailyCounters } from './daily-counters.js';
import { publicProfileCacheInvalidation } from './cache-invalidation.js';
import { publicProfileRoutes } from './routes.js';
import {
  createPublicProfileService,
  type CustomDomainLoader,
  type PublicProfileService,
  type FormFieldsLoader,
  type TeamDirectoryLoader,
} from './service.js';

/** The public page itself, outside /api (app.ts registers it among the pages). */
export { registerPublicPage } from './page-routes.js';

declare module '../../platform/modules.js' {
  interface Services {
    publicProfiles: PublicProfileService;
  }
  interface Hooks {
    /** The team directory at `/link/{team-alias}` (teams read this module's statistics, so they are built after it). */
    teamDirectory: TeamDirectoryLoader;
    /** The owner's contact fields asked on the contact form (the audience module, built later, answers it). */
    contactFormFields: FormFieldsLoader;
    /** A card's or tag's verified custom domain (the custom-domains module, built later, answers it). */
    customDomainOf: CustomDomainLoader;
  }
}

export const publicProfileModule = defineModule({
  name: 'public-profile',
  needs: ['teamDirectory', 'contactFormFields', 'customDomainOf'],
  build({ db, database, events, clock, config, services: { walls }, hooks: { teamDirectory, contactFormFields, customDomainOf } }) {
    // Visitors' days are the seller's calendar days of the product's clock (the test clock moves them too).
    const counters = createDailyCounters(db, {
      timeZone: config.sellerTimeZone,
      now: () => clock.now(),
      flushEveryMs: config.visitCountersFlushSeconds * 1000,
    });
    const publicProfiles = createPublicProfileService(db, counters, {
      lostScans: { publish: (payload) => events.publish('tag.scanned_lost', payload), now: () => clock.now() },
      // The first page of the published posts, cached with the profile.
      wallPage: (profileId, canonicalPath, before) => walls.publicPage(profileId, canonicalPath, before),
      teamDirectory,
      formFields: contactFormFields,
      customDomainOf,
    });
    return {
      services: { publicProfiles },
      onClose: () => counters.stop(),
      // Before the routes, so its hook sees every state-changing request.
      root: (app) => publicProfileCacheInvalidation(app, database, publicProfiles),
    };
  },
  async register(api, { config, appSecret, registries, services: { publicProfiles, cloud } }) {
    await api.register(publicProfileRoutes, {
      service: publicProfiles,
      publicUrl: config.publicUrl,
      images: cloud,
      secret: appSecret,
      requireAccess: registries.access.requireAccess,
    });
  },
});
