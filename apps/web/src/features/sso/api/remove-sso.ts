import type { SsoSettings } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { ssoSettingsAnswer } from './keys';
import { useSsoMutation } from './use-sso-mutation';

/** `DELETE /api/team/sso`: the identity provider removed (and its enforcement). */
export async function removeSso(): Promise<SsoSettings> {
  return (await apiSend('DELETE', '/api/team/sso', undefined, ssoSettingsAnswer)).data;
}

export const useRemoveSso = () => useSsoMutation('remove', removeSso);
