import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, teamMemberSchema, type TeamMember } from '@enlaza/contracts';
import { z } from 'zod';
import { teamKeys } from '@/lib/api/team-template';
import { apiGet } from '@/lib/http';

/** `GET /api/team/members`: the active members, with their role, job title and card. */
export async function getTeamMembers(): Promise<TeamMember[]> {
  return (await apiGet('/api/team/members', okResponse(z.array(teamMemberSchema)))).data;
}

export const teamMembersQueryOptions = () => queryOptions({ queryKey: teamKeys.members, queryFn: getTeamMembers });

export const useTeamMembers = () => useQuery(teamMembersQueryOptions());
