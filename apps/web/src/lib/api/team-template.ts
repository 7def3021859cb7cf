import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, teamTemplateSchema, type TeamTemplate } from '@enlaza/contracts';
import { apiGet } from '../http';

/** Every team query starts with this key: a change to the team refreshes them all. */
export const TEAM_QUERY_KEY = ['team'] as const;

export const teamTemplateQueryOptions = () =>
  queryOptions({
    queryKey: [...TEAM_QUERY_KEY, 'template'],
    queryFn: async (): Promise<TeamTemplate> => (await apiGet('/api/team/template', okResponse(teamTemplateSchema))).data,
  });

/**
 * `GET /api/team/template`: the company fields the team sets on its cards and which it locks. Its
 * admins edit it (Team page); a member's card editor reads it to know the team's shared links.
 */
export function useTeamTemplate(enabled = true) {
  return useQuery({ ...teamTemplateQueryOptions(), enabled });
}
