import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, teamTemplateSchema, type TeamTemplate } from '@enlaza/contracts';
import { apiGet } from '../http';

/** Query keys of my team: every one starts with `all`, so a change to the team refreshes them all. */
export const teamKeys = {
  all: ['team'] as const,
  mine: ['team', 'mine'] as const,
  template: ['team', 'template'] as const,
  members: ['team', 'members'] as const,
  cards: ['team', 'cards'] as const,
  figures: (days: number) => ['team', 'figures', days] as const,
  invitations: ['team', 'invitations'] as const,
  /** An invitation read by its link (signed out too): not under `all`, it is not my team's. */
  invitation: (token: string) => ['team-invitation', token] as const,
};

export const teamTemplateQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.template,
    queryFn: async (): Promise<TeamTemplate> => (await apiGet('/api/team/template', okResponse(teamTemplateSchema))).data,
  });

/**
 * `GET /api/team/template`: the company fields the team sets on its cards and which it locks. Its
 * admins edit it (Team page); a member's card editor reads it to know the team's shared links.
 */
export function useTeamTemplate(enabled = true) {
  return useQuery({ ...teamTemplateQueryOptions(), enabled });
}
