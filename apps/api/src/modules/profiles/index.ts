/** Cards and smart tags (perfiles); other modules ask through the profiles service. */
import { defineModule } from '../../platform/modules.js';
import { profileRoutes } from './routes.js';
import { createProfilesRepository } from './repository.js';
import { createProfilesService, type ProfilesService } from './service.js';
import { createProfilesAccess } from './access.js';
import { createProfilesFileUses } from './file-uses.js';
import { createProfilesTrash } from './trash.js';
import { createProfilesUsage } from './usage.js';
import { createProfilesUserData } from './user-data.js';
export { profileRoutes } from './routes.js';
export { createMainCard, createProfilesRepository, liveProfileIds, profileSummaries } from './repository.js';
export { createProfilesService, type ProfilesService } from './service.js';
export { storedCard, storedTag } from './stored-fields.js';
export { createProfilesTrash } from './trash.js';
export { createProfilesUsage } from './usage.js';
export { createProfilesUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    profiles: ProfilesService;
  }
}

export const profilesModule = defineModule({
  name: 'profiles',
  build({ db, registries, services: { subscriptions, accounts, activity } }) {
    const repo = createProfilesRepository(db);
    return {
      services: {
        profiles: createProfilesService(repo, registries.access.requireAccess, subscriptions, accounts, activity),
      },
      access: createProfilesAccess(db),
      usage: [createProfilesUsage(repo)],
      trash: createProfilesTrash(repo, subscriptions),
      userData: [createProfilesUserData(db)],
      fileUses: [createProfilesFileUses(db)],
    };
  },
  async register(api, { services: { profiles } }) {
    await api.register(profileRoutes, { profiles });
  },
});
export { liveProfileCounts, liveProfilePiece, profileLabelPiece, profileOwnerPiece } from './query-pieces.js';
