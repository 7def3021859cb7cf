import type { SendingDomain, UpdateSendingDomainBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { sendingDomainAnswer, sendingDomainPath } from './keys';
import { useSendingDomainMutation } from './use-sending-domain-mutation';

/** `PATCH /api/sending-domains/{id}`: another address before the @, or the domain chosen (or no longer) for campaigns. */
export async function updateSendingDomain({ id, body }: { id: string; body: UpdateSendingDomainBody }): Promise<SendingDomain> {
  return (await apiSend('PATCH', sendingDomainPath(id), body, sendingDomainAnswer)).data;
}

export const useUpdateSendingDomain = () => useSendingDomainMutation('update', updateSendingDomain);
