import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, publicTeamInvitationSchema, type PublicTeamInvitation } from '@enlaza/contracts';
import { teamKeys } from '@/lib/api/team-template';
import { apiGet } from '@/lib/http';
import { tokenPath } from './keys';

/** `GET /api/team-invitations/{token}` (no sign-in needed): the team, who invited and whom. */
export async function getPublicInvitation(token: string): Promise<PublicTeamInvitation> {
  return (await apiGet(tokenPath(token), okResponse(publicTeamInvitationSchema))).data;
}

export const publicInvitationQueryOptions = (token: string) =>
  queryOptions({ queryKey: teamKeys.invitation(token), queryFn: () => getPublicInvitation(token), retry: false });

export const usePublicInvitation = (token: string) => useQuery(publicInvitationQueryOptions(token));
