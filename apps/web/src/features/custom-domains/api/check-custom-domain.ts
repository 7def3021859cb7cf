import type { CustomDomain } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { customDomainAnswer, customDomainPath } from './keys';
import { useCustomDomainMutation } from './use-custom-domain-mutation';

/** `POST /api/custom-domains/{id}/check`: the DNS read now; the domain answered with each record's status. */
export async function checkCustomDomain(id: string): Promise<CustomDomain> {
  return (await apiSend('POST', `${customDomainPath(id)}/check`, undefined, customDomainAnswer)).data;
}

export const useCheckCustomDomain = () => useCustomDomainMutation('check', checkCustomDomain);
