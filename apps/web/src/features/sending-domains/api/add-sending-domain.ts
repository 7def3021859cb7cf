import type { CreateSendingDomainBody, SendingDomain } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { sendingDomainAnswer } from './keys';
import { useSendingDomainMutation } from './use-sending-domain-mutation';

/** `POST /api/sending-domains`: a new domain, pending until its DNS records are published and checked. */
export async function addSendingDomain(body: CreateSendingDomainBody): Promise<SendingDomain> {
  return (await apiSend('POST', '/api/sending-domains', body, sendingDomainAnswer)).data;
}

export const useAddSendingDomain = () => useSendingDomainMutation('add', addSendingDomain);
