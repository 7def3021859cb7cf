/** Nube: the user's files, their bytes in the storage backend and the storage quota. */
import { defineModule } from '../../platform/modules.js';
import { defineCloudJobs } from './jobs.js';
import { createCloudRepository } from './repository.js';
import { cloudRoutes, publicImageRoutes } from './routes.js';
import { createCloudService, type CloudService } from './service.js';
import { createCloudTrash } from './trash.js';
import { createCloudUsage } from './usage.js';
import { createCloudUserData } from './user-data.js';
export { createCloudRepository, ownedLiveFileIds } from './repository.js';
export { emailImageLikePattern, emailImageMarker } from './email-images.js';
export { liveFileIdSql } from './query-pieces.js';
export { cloudRoutes, publicImageRoutes };
export { createCloudService, type CloudService } from './service.js';
export { defineCloudJobs } from './jobs.js';
export { createCloudTrash } from './trash.js';
export { createCloudUsage } from './usage.js';
export { createCloudUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    cloud: CloudService;
  }
}

export const cloudModule = defineModule({
  name: 'cloud',
  async build({ db, storage, jobs, appSecret, config, registries, services: { subscriptions, notifications, activity } }) {
    await defineCloudJobs(db, storage, jobs);
    const repo = createCloudRepository(db);
    const cloud = createCloudService({
      repo,
      storage,
      subscriptions,
      secret: appSecret,
      publicUrl: config.publicUrl,
      maxFileBytes: config.cloudMaxFileBytes,
      notifications,
      activity,
      fileUses: registries.fileUses,
    });
    return {
      services: { cloud },
      usage: [createCloudUsage(repo)],
      trash: [createCloudTrash(repo, storage, subscriptions)],
      userData: [createCloudUserData(db, storage)],
    };
  },
  async register(api, { services: { cloud, publicProfiles } }) {
    await api.register(cloudRoutes, { cloud });
    await api.register(publicImageRoutes, { cloud, publicProfiles });
  },
});
