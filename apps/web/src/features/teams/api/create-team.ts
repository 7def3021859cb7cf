import { useQueryClient } from '@tanstack/react-query';
import { myTeamSchema, okResponse, type MyTeam, type TeamBody } from '@enlaza/contracts';
import { profileKeys } from '@/lib/api/profile-keys';
import { teamKeys } from '@/lib/api/team-template';
import { apiSend } from '@/lib/http';
import { useTeamMutation } from './use-team-mutation';

/** `POST /api/team`: a new team owned by me, with my own team card. */
export async function createTeam(body: TeamBody): Promise<MyTeam> {
  return (await apiSend('POST', '/api/team', body, okResponse(myTeamSchema))).data;
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useTeamMutation('create', createTeam, (mine) => {
    queryClient.setQueryData(teamKeys.mine, mine);
    // My new team card is one of my cards.
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  });
}
