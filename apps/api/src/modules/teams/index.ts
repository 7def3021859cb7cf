/**
 * Teams: what other modules may use. The public page and the admin's lists use its SQL fragments;
 * billing counts seats with `activeMemberCount` / `teamOfOwner` and subscribes to `team.members_changed`;
 * profiles read a team card's team and template (`teamCardTemplates`). Nothing exported here imports
 * the profiles module, which teams write through.
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
export { teamCardTemplates, type TeamCardTemplate } from './card-templates.js';
