import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { useSsoMutation } from './use-sso-mutation';

/** `DELETE /api/team/sso/domains/{id}`. */
export async function deleteSsoDomain(id: string): Promise<void> {
  await apiSend('DELETE', `/api/team/sso/domains/${encodeURIComponent(id)}`, undefined, okResponse(z.object({})));
}

export const useDeleteSsoDomain = () => useSsoMutation('delete-domain', deleteSsoDomain);
