/** The public page of a card or tag (HTML, JSON, vCard) and its server-side rendering helpers. */
import { defineModule } from '../../platform/modules.js';
import { createDailyCounters } from './daily-counters.js';
import { publicProfileCacheInvalidation } from './cache-invalidation.js';
import { publicProfileRoutes } from './routes.js';
import { createPublicProfileService, type PublicProfileService } from './service.js';

/** The public page itself, outside /api (app.ts registers it among the pages). */
export { registerPublicPage } from './page-routes.js';

declare module '../../platform/modules.js' {
  interface Services {
    publicProfiles: PublicProfileService;
  }
}

export const publicProfileModule = defineModule({
  name: 'public-profile',
  build({ db, database, events, clock, config }) {
    // Visitors' days are the seller's calendar days of the product's clock (the test clock moves them too).
    const counters = createDailyCounters(db, { timeZone: config.sellerTimeZone, now: () => clock.now() });
    const publicProfiles = createPublicProfileService(db, counters, {
      publish: (payload) => events.publish('tag.scanned_lost', payload),
      now: () => clock.now(),
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
