import { defineModule } from '../../platform/modules.js';
import type { Database } from '../../db/client.js';
import type { RequireAccess } from '../../platform/access.js';
import { audienceRoutes } from './routes.js';
import { createAudienceRepository } from './repository.js';
import { createAudienceAccess } from './access.js';
import { createAudienceService } from './service.js';
import { createContactListsUserData } from './contacts-user-data.js';
import { createAudienceUserData } from './user-data.js';

/** The audience service for the routes. */
function createAudience(db: Database, requireAccess: RequireAccess) {
  return createAudienceService(db, createAudienceRepository(db), requireAccess);
}

export const audienceModule = defineModule({
  name: 'audience',
  build: ({ db }) => ({ userData: [createAudienceUserData(db), createContactListsUserData(db)], access: [createAudienceAccess(db)] }),
  async register(api, { db, registries }) {
    await api.register(audienceRoutes, { audience: createAudience(db, registries.access.requireAccess) });
  },
});
