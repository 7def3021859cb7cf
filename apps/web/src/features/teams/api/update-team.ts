import { okResponse, teamSchema, type Team, type TeamBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useTeamMutation } from './use-team-mutation';

/** `PUT /api/team` (owner): name, alias, logo, cover, colour, address, website. */
export async function updateTeam(body: TeamBody): Promise<Team> {
  return (await apiSend('PUT', '/api/team', body, okResponse(teamSchema))).data;
}

export const useUpdateTeam = () => useTeamMutation('update', updateTeam);
