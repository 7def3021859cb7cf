import type { SsoDomain } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { ssoDomainAnswer } from './keys';
import { useSsoMutation } from './use-sso-mutation';

/** `POST /api/team/sso/domains/{id}/check`: the TXT record read now. */
export async function checkSsoDomain(id: string): Promise<SsoDomain> {
  return (await apiSend('POST', `/api/team/sso/domains/${encodeURIComponent(id)}/check`, undefined, ssoDomainAnswer)).data;
}

export const useCheckSsoDomain = () => useSsoMutation('check-domain', checkSsoDomain);
