/** Nube: the user's files, their bytes in the storage backend and the storage quota. */
import { defineModule } from '../../platform/module.js';
import type { PublicProfileService } from '../public-profile/index.js';
import { cloudRoutes, publicImageRoutes } from './routes.js';
import type { CloudService } from './service.js';
export { createCloudRepository, ownedLiveFileIds } from './repository.js';
export { cloudRoutes, publicImageRoutes };
export { createCloudService, type CloudService } from './service.js';
export { scheduleOrphanSweep } from './orphan-sweep.js';
export { createCloudTrash } from './trash.js';
export { createCloudUsage } from './usage.js';
export { createCloudUserData } from './user-data.js';

export const cloudModule = defineModule({
  name: 'cloud',
  async register(api, { cloud, publicProfiles }: { cloud: CloudService; publicProfiles: PublicProfileService }) {
    await api.register(cloudRoutes, { cloud });
    await api.register(publicImageRoutes, { cloud, publicProfiles });
  },
});
