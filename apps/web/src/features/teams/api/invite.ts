import { okResponse, teamInvitationSchema, type TeamInvitation, type TeamInvitationBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useTeamMutation } from './use-team-mutation';

/** `POST /api/team/invitations`: an invitation emailed to one address. */
export async function invite(body: TeamInvitationBody): Promise<TeamInvitation> {
  return (await apiSend('POST', '/api/team/invitations', body, okResponse(teamInvitationSchema))).data;
}

export const useInvite = () => useTeamMutation('invite', invite);
