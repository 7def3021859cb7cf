import type { SsoSettings, SsoSettingsBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { ssoSettingsAnswer } from './keys';
import { useSsoMutation } from './use-sso-mutation';

/** `PUT /api/team/sso`: the identity provider and the attribute mapping (a fresh proof is asked by the http client). */
export async function saveSso(body: SsoSettingsBody): Promise<SsoSettings> {
  return (await apiSend('PUT', '/api/team/sso', body, ssoSettingsAnswer)).data;
}

export const useSaveSso = () => useSsoMutation('save', saveSso);
