import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { profileListSchema, type ProfileKind, type ProfileListQuery } from '@enlaza/contracts';
import type { z } from 'zod';
import { profileKeys } from '@/lib/api/profile-keys';
import { apiGet } from '@/lib/http';

export type ProfileListParams = Partial<ProfileListQuery> & { kind: ProfileKind };

/** Query string of the set values only. */
function toQueryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

/** `GET /api/profiles`: one page of my cards or tags, with the total for the pager. */
export function getProfileList(query: ProfileListParams): Promise<z.infer<typeof profileListSchema>> {
  return apiGet(`/api/profiles?${toQueryString(query)}`, profileListSchema);
}

export const profileListQueryOptions = (query: ProfileListParams) =>
  queryOptions({ queryKey: profileKeys.list(query), queryFn: () => getProfileList(query), placeholderData: keepPreviousData });

export const useProfileList = (query: ProfileListParams) => useQuery(profileListQueryOptions(query));
