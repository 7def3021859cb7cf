import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { sendingDomainPath } from './keys';
import { useSendingDomainMutation } from './use-sending-domain-mutation';

/** `DELETE /api/sending-domains/{id}`: gone, with its key; campaigns it was chosen for come "via Enlaza" again. */
export async function deleteSendingDomain(id: string): Promise<void> {
  await apiSend('DELETE', sendingDomainPath(id), undefined, okResponse(z.object({})));
}

export const useDeleteSendingDomain = () => useSendingDomainMutation('delete', deleteSendingDomain);
