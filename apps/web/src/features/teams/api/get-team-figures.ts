import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, teamFiguresSchema, type TeamFigures } from '@enlaza/contracts';
import { teamKeys } from '@/lib/api/team-template';
import { apiGet } from '@/lib/http';

/** `GET /api/team/figures?days=30`: visitors, saves and messages per day, per card and in total. */
export async function getTeamFigures(days: number): Promise<TeamFigures> {
  return (await apiGet(`/api/team/figures?days=${days}`, okResponse(teamFiguresSchema))).data;
}

export const teamFiguresQueryOptions = (days = 30) =>
  queryOptions({ queryKey: teamKeys.figures(days), queryFn: () => getTeamFigures(days) });

export const useTeamFigures = (days = 30) => useQuery(teamFiguresQueryOptions(days));
