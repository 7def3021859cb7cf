import { okResponse, type TeamMemberRemoveBody } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { memberPath } from './keys';
import { useTeamMutation } from './use-team-mutation';

/** `DELETE /api/team/members/{userId}`: the member leaves; the team keeps their card (unassigned) or retires it. */
export async function removeMember({ userId, body }: { userId: string; body: TeamMemberRemoveBody }): Promise<void> {
  await apiSend('DELETE', memberPath(userId), body, okResponse(z.object({})));
}

export const useRemoveMember = () => useTeamMutation('remove', removeMember);
