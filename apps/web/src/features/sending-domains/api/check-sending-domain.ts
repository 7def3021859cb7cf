import type { SendingDomain } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { sendingDomainAnswer, sendingDomainPath } from './keys';
import { useSendingDomainMutation } from './use-sending-domain-mutation';

/** `POST /api/sending-domains/{id}/check`: the DNS read now; the domain answered with each record's status. */
export async function checkSendingDomain(id: string): Promise<SendingDomain> {
  return (await apiSend('POST', `${sendingDomainPath(id)}/check`, undefined, sendingDomainAnswer)).data;
}

export const useCheckSendingDomain = () => useSendingDomainMutation('check', checkSendingDomain);
