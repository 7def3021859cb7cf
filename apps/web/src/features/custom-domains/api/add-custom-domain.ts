import type { CreateCustomDomainBody, CustomDomain } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { customDomainAnswer } from './keys';
import { useCustomDomainMutation } from './use-custom-domain-mutation';

/** `POST /api/custom-domains`: a new host for a card, a tag or my team's directory, pending until its records are found. */
export async function addCustomDomain(body: CreateCustomDomainBody): Promise<CustomDomain> {
  return (await apiSend('POST', '/api/custom-domains', body, customDomainAnswer)).data;
}

export const useAddCustomDomain = () => useCustomDomainMutation('add', addCustomDomain);
