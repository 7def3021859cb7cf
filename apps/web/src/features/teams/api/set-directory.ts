import { okResponse, teamSchema, type Team } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useTeamMutation } from './use-team-mutation';

/** `PUT /api/team/directory`: the public team page on or off. */
export async function setDirectory(enabled: boolean): Promise<Team> {
  return (await apiSend('PUT', '/api/team/directory', { enabled }, okResponse(teamSchema))).data;
}

export const useSetDirectory = () => useTeamMutation('directory', setDirectory);
