import { useMutation, useQueryClient } from '@tanstack/react-query';
import { myTeamSchema, okResponse, type MyTeam } from '@enlaza/contracts';
import { profileKeys } from '@/lib/api/profile-keys';
import { teamKeys } from '@/lib/api/team-template';
import { apiSend } from '@/lib/http';
import { tokenPath } from './keys';

/** `POST /api/team-invitations/{token}/accept`, signed in with the invited address: answers my team (with my new card). */
export async function acceptInvitation(token: string): Promise<MyTeam> {
  return (await apiSend('POST', `${tokenPath(token)}/accept`, undefined, okResponse(myTeamSchema))).data;
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...teamKeys.invitation(token), 'accept'],
    mutationFn: () => acceptInvitation(token),
    onSuccess: (joined) => {
      queryClient.setQueryData(teamKeys.mine, joined);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]);
    },
  });
}
