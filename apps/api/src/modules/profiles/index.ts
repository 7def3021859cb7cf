/** Cards and smart tags (perfiles); other modules ask through the profiles service. */
import { defineModule } from '../../platform/module.js';
import { profileRoutes } from './routes.js';
import type { ProfilesService } from './service.js';
export { profileRoutes } from './routes.js';
export { createMainCard, createProfilesRepository, liveProfileIds, profileSummaries } from './repository.js';
export { createProfilesService, type ProfilesService } from './service.js';
export { storedCard, storedTag } from './stored-fields.js';
export { createProfilesTrash } from './trash.js';
export { createProfilesUsage } from './usage.js';
export { createProfilesUserData } from './user-data.js';

export const profilesModule = defineModule({
  name: 'profiles',
  async register(api, { profiles }: { profiles: ProfilesService }) {
    await api.register(profileRoutes, { profiles });
  },
});
export { liveProfileCounts, liveProfilePiece, profileLabelPiece } from './query-pieces.js';
