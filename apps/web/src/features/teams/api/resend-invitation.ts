import { okResponse, teamInvitationSchema, type TeamInvitation } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { invitationPath } from './keys';
import { useTeamMutation } from './use-team-mutation';

/** `POST /api/team/invitations/{id}/resend`: a new link, valid 7 days from now, emailed again (the old one stops working). */
export async function resendInvitation(id: string): Promise<TeamInvitation> {
  return (await apiSend('POST', `${invitationPath(id)}/resend`, undefined, okResponse(teamInvitationSchema))).data;
}

export const useResendInvitation = () => useTeamMutation('resend', resendInvitation);
