import type { SsoDomain } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { ssoDomainAnswer } from './keys';
import { useSsoMutation } from './use-sso-mutation';

/** `POST /api/team/sso/domains`: a domain to prove, with its TXT record. */
export async function addSsoDomain(domain: string): Promise<SsoDomain> {
  return (await apiSend('POST', '/api/team/sso/domains', { domain }, ssoDomainAnswer)).data;
}

export const useAddSsoDomain = () => useSsoMutation('add-domain', addSsoDomain);
