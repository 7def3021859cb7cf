import { queryOptions, useQuery } from '@tanstack/react-query';
import { myTeamSchema, okResponse, type MyTeam } from '@enlaza/contracts';
import { teamKeys } from '@/lib/api/team-template';
import { apiGet } from '@/lib/http';

/** `GET /api/team`: my team and my role in it, or null when I belong to none. */
export async function getMyTeam(): Promise<MyTeam> {
  return (await apiGet('/api/team', okResponse(myTeamSchema))).data;
}

export const myTeamQueryOptions = () => queryOptions({ queryKey: teamKeys.mine, queryFn: getMyTeam });

export function useMyTeam() {
  return useQuery(myTeamQueryOptions());
}
