import { useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { profileKeys } from '@/lib/api/profile-keys';
import { teamKeys } from '@/lib/api/team-template';
import { apiSend } from '@/lib/http';
import { useTeamMutation } from './use-team-mutation';

/** `DELETE /api/team` (owner, alone in it): its cards stay with whoever holds them. */
export async function deleteTeam(): Promise<void> {
  await apiSend('DELETE', '/api/team', undefined, okResponse(z.object({})));
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useTeamMutation('delete', deleteTeam, () => {
    queryClient.setQueryData(teamKeys.mine, null);
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  });
}
