/** Nube: the user's files, their bytes in the storage backend and the storage quota. */
import { defineModule } from '../../platform/modules.js';
import { defineCloudJobs } from './jobs.js';
import { createCloudRepository } from './repository.js';
import { cloudRoutes, publicImageRoutes } from './routes.js';
import { createCloudService, type CloudService } from './service.js';
import { createCloudTrash } from './trash.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { storedFiles } from './schema.js';
import { createCloudUsage } from './usage.js';
import { createCloudUserData } from './user-data.js';

declare module '../../platform/modules.js' {
  interface Services {
    cloud: CloudService;
  }
}

export const cloudModule = defineModule({
  name: 'cloud',
  async build({ db, storage, jobs, events, appSecret, config, registries, services: { subscriptions } }) {
    await defineCloudJobs(db, storage, jobs);
    const repo = createCloudRepository(db);
    const cloud = createCloudService({
      repo,
      requireAccess: registries.access.requireAccess,
      storage,
      subscriptions,
      secret: appSecret,
      publicUrl: config.publicUrl,
      maxFileBytes: config.cloudMaxFileBytes,
      events,
      fileUses: registries.fileUses,
    });
    return {
      services: { cloud },
      usage: [createCloudUsage(repo)],
      trash: [createCloudTrash(repo, storage, subscriptions)],
      userData: [createCloudUserData(db, storage)],
      // A file of the owner's cloud, live or in the trash (the cloud lists, renames and restores both).
      access: [ownedRowsAccess('file', db, storedFiles)],
    };
  },
  async register(api, { services: { cloud, publicProfiles } }) {
    await api.register(cloudRoutes, { cloud });
    await api.register(publicImageRoutes, { cloud, publicProfiles });
  },
});
