import { useQuery } from '@tanstack/react-query';
import type { SsoSettings } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { ssoKeys, ssoSettingsAnswer } from './keys';

/** `GET /api/team/sso`: the identity provider, domains, enforcement and the values to paste (the team's owner). */
export async function getSsoSettings(): Promise<SsoSettings> {
  return (await apiGet('/api/team/sso', ssoSettingsAnswer)).data;
}

export const useSsoSettings = () => useQuery({ queryKey: ssoKeys.settings, queryFn: getSsoSettings });
