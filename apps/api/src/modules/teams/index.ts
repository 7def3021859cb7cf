/**
 * Teams: what other modules may use. The public page and the admin's lists use its SQL fragments;
 * billing counts seats with `activeMemberCount` / `teamOfOwner` and subscribes to `team.members_changed`.
 */
export {
  activeMemberCount,
  inTeamSql,
  isOldTeamAlias,
  teamFieldSql,
  teamMembershipPiece,
  teamOfOwner,
  userTeamSql,
} from './query-pieces.js';
