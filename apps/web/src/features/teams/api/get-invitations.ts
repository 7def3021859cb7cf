import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, teamInvitationSchema, type TeamInvitation } from '@enlaza/contracts';
import { z } from 'zod';
import { teamKeys } from '@/lib/api/team-template';
import { apiGet } from '@/lib/http';

/** `GET /api/team/invitations`: every invitation of the team, newest first. */
export async function getInvitations(): Promise<TeamInvitation[]> {
  return (await apiGet('/api/team/invitations', okResponse(z.array(teamInvitationSchema)))).data;
}

export const invitationsQueryOptions = () => queryOptions({ queryKey: teamKeys.invitations, queryFn: getInvitations });

export const useInvitations = () => useQuery(invitationsQueryOptions());
