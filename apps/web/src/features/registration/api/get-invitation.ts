import { useQuery } from '@tanstack/react-query';
import { okResponse, publicTeamInvitationSchema, type PublicTeamInvitation } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { registrationKeys } from './keys';

/** `GET /api/team-invitations/{token}`: the invitation an account is being created for (its address and name). */
export async function getInvitation(token: string): Promise<PublicTeamInvitation> {
  return (await apiGet(`/api/team-invitations/${encodeURIComponent(token)}`, okResponse(publicTeamInvitationSchema))).data;
}

/** The invitation of `?invitation=` on the registration page; none without a token. */
export function useInvitationToRegister(token: string | null) {
  return useQuery({
    queryKey: registrationKeys.invitation(token),
    queryFn: () => getInvitation(token!),
    enabled: token !== null,
    retry: false,
  });
}
