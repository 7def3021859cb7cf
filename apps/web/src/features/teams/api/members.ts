import { useQuery } from '@tanstack/react-query';
import {
  okResponse,
  teamCardSchema,
  teamMemberSchema,
  type TeamCard,
  type TeamMember,
  type TeamMemberRemoveBody,
  type TeamMemberUpdateBody,
} from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';
import { teamKeys } from '@/lib/api/team-template';
import { useTeamMutation } from './team';

const memberPath = (userId: string) => `/api/team/members/${encodeURIComponent(userId)}`;

/** `GET /api/team/members`: the active members, with their role, job title and card. */
export function useTeamMembers() {
  return useQuery({
    queryKey: teamKeys.members,
    queryFn: async (): Promise<TeamMember[]> => (await apiGet('/api/team/members', okResponse(z.array(teamMemberSchema)))).data,
  });
}

/** `GET /api/team/cards`: every card of the team and whom it is assigned to. */
export function useTeamCards() {
  return useQuery({
    queryKey: teamKeys.cards,
    queryFn: async (): Promise<TeamCard[]> => (await apiGet('/api/team/cards', okResponse(z.array(teamCardSchema)))).data,
  });
}

export const useUpdateMember = () =>
  useTeamMutation(
    'member',
    async ({ userId, body }: { userId: string; body: TeamMemberUpdateBody }): Promise<TeamMember> =>
      (await apiSend('PUT', memberPath(userId), body, okResponse(teamMemberSchema))).data,
  );

/** `DELETE /api/team/members/{userId}`: the member leaves; the team keeps their card (unassigned) or retires it. */
export const useRemoveMember = () =>
  useTeamMutation('remove', async ({ userId, body }: { userId: string; body: TeamMemberRemoveBody }): Promise<void> => {
    await apiSend('DELETE', memberPath(userId), body, okResponse(z.object({})));
  });

/** `POST /api/team/cards/{id}/assign`: the same card (link and QR) to another member. */
export const useAssignCard = () =>
  useTeamMutation(
    'assign',
    async ({ cardId, userId }: { cardId: string; userId: string }): Promise<TeamCard> =>
      (await apiSend('POST', `/api/team/cards/${encodeURIComponent(cardId)}/assign`, { userId }, okResponse(teamCardSchema))).data,
  );
