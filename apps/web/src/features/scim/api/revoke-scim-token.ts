import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { useScimMutation } from './use-scim-mutation';

/** `DELETE /api/team/scim/tokens/{id}`: the token stops working at once. */
export async function revokeScimToken(id: string): Promise<void> {
  await apiSend('DELETE', `/api/team/scim/tokens/${encodeURIComponent(id)}`, undefined, okResponse(z.object({})));
}

export const useRevokeScimToken = () => useScimMutation('revoke-token', revokeScimToken);
