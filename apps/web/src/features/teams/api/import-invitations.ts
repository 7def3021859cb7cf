import { okResponse, teamImportResultSchema, type TeamImportResult, type TeamInvitationImportBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useTeamMutation } from './use-team-mutation';

/** `POST /api/team/invitations/import`: each row invited or refused on its own. */
export async function importInvitations(body: TeamInvitationImportBody): Promise<TeamImportResult> {
  return (await apiSend('POST', '/api/team/invitations/import', body, okResponse(teamImportResultSchema))).data;
}

export const useImportInvitations = () => useTeamMutation('import', importInvitations);
