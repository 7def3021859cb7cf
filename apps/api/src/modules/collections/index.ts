/** Folders and labels that organise cards and tags. */
import { defineModule } from '../../platform/modules.js';
import type { Database } from '../../db/client.js';
import { createCollectionsRepository, type CollectionType } from './repository.js';
import { createCollectionsService } from './service.js';

import { collectionRoutes } from './routes.js';

export { collectionRoutes };
export { collectionsOf, deleteCollectionsOf, ownedCollectionIds, type CollectionRow, type CollectionType } from './repository.js';
export type { CollectionsService } from './service.js';

export const createCollections = (db: Database, type: CollectionType) => createCollectionsService(createCollectionsRepository(db, type));

export const collectionsModule = defineModule({
  name: 'collections',
  async register(api, { db }) {
    for (const type of ['folders', 'labels'] as const) await api.register(collectionRoutes, { type, service: createCollections(db, type) });
  },
});
export { collectionPiece } from './query-pieces.js';
