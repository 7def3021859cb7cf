import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { invitationPath } from './keys';
import { useTeamMutation } from './use-team-mutation';

/** `DELETE /api/team/invitations/{id}`: the link stops working. */
export async function revokeInvitation(id: string): Promise<void> {
  await apiSend('DELETE', invitationPath(id), undefined, okResponse(z.object({})));
}

export const useRevokeInvitation = () => useTeamMutation('revoke', revokeInvitation);
