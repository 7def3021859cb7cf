import { useQuery } from '@tanstack/react-query';
import type { ScimOverview } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { scimKeys, scimOverviewAnswer } from './keys';

/** `GET /api/team/scim`: the base URL, tokens, the deactivation choice and the last calls (the team's owner and admins). */
export async function getScimOverview(): Promise<ScimOverview> {
  return (await apiGet('/api/team/scim', scimOverviewAnswer)).data;
}

export const useScimOverview = () => useQuery({ queryKey: scimKeys.overview, queryFn: getScimOverview });
