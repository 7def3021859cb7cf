import { queryPieces } from '../../platform/query-pieces.js';
import type { CollectionType } from './repository.js';
import { folders, labels } from './schema.js';

/** Folders or labels (id, owner, kind, name) for another module to select from or join in its own statement. */
export function collectionPiece(type: CollectionType, alias: string = type) {
  const table = type === 'folders' ? folders : labels;
  return queryPieces.select({ id: table.id, userId: table.userId, kind: table.kind, name: table.name }).from(table).as(alias);
}
