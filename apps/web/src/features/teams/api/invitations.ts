import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  myTeamSchema,
  okResponse,
  publicTeamInvitationSchema,
  teamImportResultSchema,
  teamInvitationSchema,
  type MyTeam,
  type PublicTeamInvitation,
  type TeamImportResult,
  type TeamInvitation,
  type TeamInvitationBody,
  type TeamInvitationImportBody,
} from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';
import { teamKeys } from '@/lib/api/team-template';
import { myTeamQueryOptions, useTeamMutation } from './team';
import { profileKeys } from '@/lib/api/profile-keys';

const invitationPath = (id: string) => `/api/team/invitations/${encodeURIComponent(id)}`;
const tokenPath = (token: string) => `/api/team-invitations/${encodeURIComponent(token)}`;

/** `GET /api/team/invitations`: every invitation of the team, newest first. */
export function useInvitations() {
  return useQuery({
    queryKey: teamKeys.invitations,
    queryFn: async (): Promise<TeamInvitation[]> => (await apiGet('/api/team/invitations', okResponse(z.array(teamInvitationSchema)))).data,
  });
}

export const useInvite = () =>
  useTeamMutation(
    'invite',
    async (body: TeamInvitationBody): Promise<TeamInvitation> =>
      (await apiSend('POST', '/api/team/invitations', body, okResponse(teamInvitationSchema))).data,
  );

/** `POST /api/team/invitations/import`: each row invited or refused on its own. */
export const useImportInvitations = () =>
  useTeamMutation(
    'import',
    async (body: TeamInvitationImportBody): Promise<TeamImportResult> =>
      (await apiSend('POST', '/api/team/invitations/import', body, okResponse(teamImportResultSchema))).data,
  );

/** A new link, valid 7 days from now, emailed again (the old one stops working). */
export const useResendInvitation = () =>
  useTeamMutation(
    'resend',
    async (id: string): Promise<TeamInvitation> =>
      (await apiSend('POST', `${invitationPath(id)}/resend`, undefined, okResponse(teamInvitationSchema))).data,
  );

export const useRevokeInvitation = () =>
  useTeamMutation('revoke', async (id: string): Promise<void> => {
    await apiSend('DELETE', invitationPath(id), undefined, okResponse(z.object({})));
  });

/** `GET /api/team-invitations/{token}` (no sign-in needed): the team, who invited and whom. */
export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: async (): Promise<PublicTeamInvitation> => (await apiGet(tokenPath(token), okResponse(publicTeamInvitationSchema))).data,
    retry: false,
  });
}

/** `POST /api/team-invitations/{token}/accept`, signed in with the invited address: answers my team (with my new card). */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...teamKeys.invitation(token), 'accept'],
    mutationFn: async (): Promise<MyTeam> =>
      (await apiSend('POST', `${tokenPath(token)}/accept`, undefined, okResponse(myTeamSchema))).data,
    onSuccess: (joined) => {
      queryClient.setQueryData(myTeamQueryOptions().queryKey, joined);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]);
    },
  });
}
