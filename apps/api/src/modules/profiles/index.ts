/** Cards and smart tags (perfiles); other modules ask through the profiles service. */
export { createMainCard, liveProfileIds, profileIdsBySlug, profileSummaries, SHORT_SLUG, shortSlugOf } from './repository.js';
export type { ProfilesService } from './service.js';
export { storedCard, storedTag } from './stored-fields.js';
export { liveProfileCounts, liveProfilePiece, profileLabelPiece, profileOwnerPiece } from './query-pieces.js';
export {
  applyLockedValues,
  insertTeamCard,
  setTeamCardHolder,
  teamCardProfiles,
  type LockedCardValues,
  type SharedLink,
} from './team-cards.js';
export { lockedFieldsOf } from './team-locks.js';
export { splitFullName } from './split-name.js';
