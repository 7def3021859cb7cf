import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, publicProfileSchema, type PublicProfile } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

const publicProfileResponseSchema = okResponse(publicProfileSchema);

export function publicProfilePath(alias: string, profileId: string): string {
  return `/api/public/link/${encodeURIComponent(alias)}/${encodeURIComponent(profileId)}`;
}

/** `GET /api/public/link/{alias}/{profileId}`: the card or tag as visitors see it (counts a visit); 404 when not available. */
export async function getPublicProfile(alias: string, profileId: string): Promise<PublicProfile> {
  return (await apiGet(publicProfilePath(alias, profileId), publicProfileResponseSchema)).data;
}

export function publicProfileQueryOptions(alias: string, profileId: string) {
  return queryOptions({
    queryKey: ['public-profile', alias, profileId],
    queryFn: () => getPublicProfile(alias, profileId),
    // Each fetch counts a visit: once per page view.
    staleTime: Infinity,
  });
}

export function usePublicProfile(alias: string, profileId: string) {
  return useQuery(publicProfileQueryOptions(alias, profileId));
}
