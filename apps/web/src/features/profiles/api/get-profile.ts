import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@enlaza/contracts';
import { profileKeys } from '@/lib/api/profile-keys';
import { apiGet } from '@/lib/http';
import { profileAnswer } from './keys';

/** `GET /api/profiles/{id}`: one of my cards or tags (404 when it is not mine). */
export async function getProfile(id: string): Promise<Profile> {
  return (await apiGet(`/api/profiles/${encodeURIComponent(id)}`, profileAnswer)).data;
}

export function profileQueryOptions(id: string) {
  return queryOptions({ queryKey: profileKeys.one(id), queryFn: () => getProfile(id) });
}

export function useProfile(id: string | null) {
  return useQuery({ ...profileQueryOptions(id ?? ''), enabled: id !== null });
}
