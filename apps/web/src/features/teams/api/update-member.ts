import { okResponse, teamMemberSchema, type TeamMember, type TeamMemberUpdateBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { memberPath } from './keys';
import { useTeamMutation } from './use-team-mutation';

/** `PUT /api/team/members/{userId}`: role and job title. */
export async function updateMember({ userId, body }: { userId: string; body: TeamMemberUpdateBody }): Promise<TeamMember> {
  return (await apiSend('PUT', memberPath(userId), body, okResponse(teamMemberSchema))).data;
}

export const useUpdateMember = () => useTeamMutation('member', updateMember);
