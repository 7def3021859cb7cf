import { queryOptions, useQuery } from '@tanstack/react-query';
import { myTeamSchema, okResponse, type MyTeam } from '@enlaza/contracts';
import { teamKeys } from '@/lib/api/team-template';
import { apiGet } from '@/lib/http';

/** `GET /api/team`: my team and my role in it (the owner's directory can have a domain), or null. */
export async function getMyTeam(): Promise<MyTeam> {
  return (await apiGet('/api/team', okResponse(myTeamSchema))).data;
}

export const myTeamQueryOptions = (enabled: boolean) => queryOptions({ queryKey: teamKeys.mine, queryFn: getMyTeam, enabled });

export const useMyTeam = (enabled = true) => useQuery(myTeamQueryOptions(enabled));
