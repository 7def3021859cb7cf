import type { SsoSettings } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { ssoSettingsAnswer } from './keys';
import { useSsoMutation } from './use-sso-mutation';

/** `PUT /api/team/sso/enforce`: the domains' people sign in only through SSO (the owner excepted). */
export async function setSsoEnforced(enforced: boolean): Promise<SsoSettings> {
  return (await apiSend('PUT', '/api/team/sso/enforce', { enforced }, ssoSettingsAnswer)).data;
}

export const useSetSsoEnforced = () => useSsoMutation('enforce', setSsoEnforced);
