import { useQuery } from '@tanstack/react-query';
import { okResponse, teamFiguresSchema, type TeamFigures } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { teamKeys } from '@/lib/api/team-template';

/** `GET /api/team/figures?days=30`: visitors, saves and messages per day, per card and in total. */
export function useTeamFigures(days = 30) {
  return useQuery({
    queryKey: teamKeys.figures(days),
    queryFn: async (): Promise<TeamFigures> => (await apiGet(`/api/team/figures?days=${days}`, okResponse(teamFiguresSchema))).data,
  });
}

/** Every message of every team card, as the mailbox's CSV (BOM, quoted cells). */
export const LEADS_CSV_PATH = '/api/team/leads.csv';
