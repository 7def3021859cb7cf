/** Folders and labels that organise cards and tags. */
import { defineModule } from '../../platform/modules.js';
import type { Database } from '../../db/client.js';
import { createCollectionsRepository, type CollectionType } from './repository.js';
import { createCollectionsService } from './service.js';
import type { RequireAccess } from '../../platform/access.js';
import { ownedRowsAccess } from '../../platform/access-sql.js';
import { folders, labels } from './schema.js';
import { collectionRoutes } from './routes.js';

const KIND = { folders: 'folder', labels: 'label' } as const;

const createCollections = (db: Database, type: CollectionType, requireAccess: RequireAccess) =>
  createCollectionsService(createCollectionsRepository(db, type), requireAccess, KIND[type]);

export const collectionsModule = defineModule({
  name: 'collections',
  // A folder or a label of the owner, of cards or of tags (a profile checks the kind itself).
  build: ({ db }) => ({ access: [ownedRowsAccess('folder', db, folders), ownedRowsAccess('label', db, labels)] }),
  async register(api, { db, registries }) {
    for (const type of ['folders', 'labels'] as const)
      await api.register(collectionRoutes, { type, service: createCollections(db, type, registries.access.requireAccess) });
  },
});
