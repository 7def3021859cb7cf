/** Folders and labels that organise cards and tags. */
export { collectionsOf, deleteCollectionsOf, ownedCollectionIds, type CollectionRow, type CollectionType } from './repository.js';
export type { CollectionsService } from './service.js';
export { collectionPiece } from './query-pieces.js';
