/** Nube: the user's files, their bytes in the storage backend and the storage quota. */
export { ownedLiveFileIds } from './repository.js';
export { emailImageLikePattern, emailImageMarker } from './email-images.js';
export { liveFileIdSql, liveFileOwner } from './query-pieces.js';
export type { CloudService } from './service.js';
