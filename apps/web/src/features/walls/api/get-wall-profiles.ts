import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileListSchema, type ProfileKind } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { wallKeys } from './keys';

export type WallProfile = { id: string; name: string; kind: ProfileKind; wall: boolean };

/** `GET /api/profiles?kind=`: the cards and tags a wall can be written on (the first 100 of each). */
export async function getWallProfiles(): Promise<WallProfile[]> {
  const kinds: ProfileKind[] = ['card', 'tag'];
  const pages = await Promise.all(
    kinds.map((kind) => apiGet(`/api/profiles?kind=${kind}&pageSize=100&sort=name&dir=asc`, profileListSchema)),
  );
  return pages.flatMap((page) => page.data.map((p) => ({ id: p.id, name: p.name, kind: p.kind, wall: p.wall })));
}

export const wallProfilesQueryOptions = () => queryOptions({ queryKey: wallKeys.profiles, queryFn: getWallProfiles, staleTime: 60_000 });

export const useWallProfiles = () => useQuery(wallProfilesQueryOptions());
