import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myTeamSchema, okResponse, teamSchema, type MyTeam, type Team, type TeamBody } from '@enlaza/contracts';
import { z } from 'zod';
import { teamKeys } from '@/lib/api/team-template';
import { apiGet, apiSend } from '@/lib/http';
import { profileKeys } from '@/lib/api/profile-keys';

const myTeamResponse = okResponse(myTeamSchema);
const teamResponse = okResponse(teamSchema);

export const myTeamQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.mine,
    queryFn: async (): Promise<MyTeam> => (await apiGet('/api/team', myTeamResponse)).data,
  });

/** `GET /api/team`: my team and my role in it, or null when I belong to none. */
export function useMyTeam() {
  return useQuery(myTeamQueryOptions());
}

/** A team query's mutation: on success every team query is read again (members, cards, figures follow one another). */
export function useTeamMutation<A, R>(name: string, fn: (args: A) => Promise<R>, onSuccess?: (result: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...teamKeys.all, name],
    mutationFn: fn,
    onSuccess: (result) => {
      onSuccess?.(result);
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

/** `POST /api/team`: a new team owned by me, with my own team card. */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useTeamMutation(
    'create',
    async (body: TeamBody): Promise<MyTeam> => (await apiSend('POST', '/api/team', body, myTeamResponse)).data,
    (mine) => {
      queryClient.setQueryData(teamKeys.mine, mine);
      // My new team card is one of my cards.
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  );
}

/** `PUT /api/team` (owner): name, alias, logo, cover, colour, address, website. */
export const useUpdateTeam = () =>
  useTeamMutation('update', async (body: TeamBody): Promise<Team> => (await apiSend('PUT', '/api/team', body, teamResponse)).data);

/** `PUT /api/team/directory`: the public team page on or off. */
export const useSetDirectory = () =>
  useTeamMutation(
    'directory',
    async (enabled: boolean): Promise<Team> => (await apiSend('PUT', '/api/team/directory', { enabled }, teamResponse)).data,
  );

/** `DELETE /api/team` (owner, alone in it): its cards stay with whoever holds them. */
export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useTeamMutation(
    'delete',
    async (): Promise<void> => {
      await apiSend('DELETE', '/api/team', undefined, okResponse(z.object({})));
    },
    () => {
      queryClient.setQueryData(teamKeys.mine, null);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  );
}
