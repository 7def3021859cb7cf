import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { wallPostListSchema, type WallPostList } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { wallKeys } from './keys';

/** `GET /api/walls/posts`: pinned first, then newest; keyset pages. */
export function getWallPostsPage(profileId: string, before: string | null): Promise<WallPostList> {
  const query = new URLSearchParams({ profileId, limit: '20' });
  if (before) query.set('before', before);
  return apiGet(`/api/walls/posts?${query.toString()}`, wallPostListSchema);
}

export function wallPostsQueryOptions(profileId: string) {
  return infiniteQueryOptions({
    queryKey: wallKeys.postsOf(profileId),
    queryFn: ({ pageParam }) => getWallPostsPage(profileId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
  });
}

export const useWallPosts = (profileId: string) => useInfiniteQuery({ ...wallPostsQueryOptions(profileId), enabled: Boolean(profileId) });
