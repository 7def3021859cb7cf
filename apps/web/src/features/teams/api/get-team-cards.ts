import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, teamCardSchema, type TeamCard } from '@enlaza/contracts';
import { z } from 'zod';
import { teamKeys } from '@/lib/api/team-template';
import { apiGet } from '@/lib/http';

/** `GET /api/team/cards`: every card of the team and whom it is assigned to. */
export async function getTeamCards(): Promise<TeamCard[]> {
  return (await apiGet('/api/team/cards', okResponse(z.array(teamCardSchema)))).data;
}

export const teamCardsQueryOptions = () => queryOptions({ queryKey: teamKeys.cards, queryFn: getTeamCards });

export const useTeamCards = () => useQuery(teamCardsQueryOptions());
