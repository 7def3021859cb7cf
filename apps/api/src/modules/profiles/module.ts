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

declare module '../../platform/modules.js' {
  interface Services {
    profiles: ProfilesService;
  }
}

export const profilesModule = defineModule({
  name: 'profiles',
  build({ db, registries, events, services: { subscriptions, accounts } }) {
    const repo = createProfilesRepository(db);
    return {
      services: {
        profiles: createProfilesService(repo, registries.access.requireAccess, subscriptions, accounts, events),
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
