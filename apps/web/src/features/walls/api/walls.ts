import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  okResponse,
  profileListSchema,
  wallPostListSchema,
  wallPostSchema,
  type ProfileKind,
  type WallPost,
  type WallPostInput,
  type WallPostPublishBody,
} from '@enlaza/contracts';
import { apiGet, apiSend } from '@/lib/http';

/** Query keys of the walls screen. */
export const wallKeys = {
  all: ['walls'] as const,
  profiles: ['walls', 'profiles'] as const,
  posts: ['walls', 'posts'] as const,
  postsOf: (profileId: string) => [...wallKeys.posts, profileId] as const,
};
const one = okResponse(wallPostSchema);

export type WallProfile = { id: string; name: string; kind: ProfileKind; wall: boolean };

/** The cards and tags a wall can be written on (the first 100 of each). */
async function getWallProfiles(): Promise<WallProfile[]> {
  const kinds: ProfileKind[] = ['card', 'tag'];
  const pages = await Promise.all(
    kinds.map((kind) => apiGet(`/api/profiles?kind=${kind}&pageSize=100&sort=name&dir=asc`, profileListSchema)),
  );
  return pages.flatMap((page) => page.data.map((p) => ({ id: p.id, name: p.name, kind: p.kind, wall: p.wall })));
}
export const useWallProfiles = () => useQuery(queryOptions({ queryKey: wallKeys.profiles, queryFn: getWallProfiles, staleTime: 60_000 }));

/** `GET /api/walls/posts`: pinned first, then newest; keyset pages. */
export function wallPostsQueryOptions(profileId: string) {
  return infiniteQueryOptions({
    queryKey: wallKeys.postsOf(profileId),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ profileId, limit: '20' });
      if (pageParam) query.set('before', pageParam);
      return apiGet(`/api/walls/posts?${query.toString()}`, wallPostListSchema);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
  });
}
export const useWallPosts = (profileId: string) => useInfiniteQuery({ ...wallPostsQueryOptions(profileId), enabled: Boolean(profileId) });

export type WallPostAction =
  | { type: 'save'; input: WallPostInput }
  | { type: 'publish'; body: WallPostPublishBody }
  | { type: 'pin'; pinned: boolean }
  | { type: 'trash' };

/** Every change to a post, then the list is read again. */
export function useWallPostAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string | null; action: WallPostAction }): Promise<WallPost> => {
      const path = id ? `/api/walls/posts/${encodeURIComponent(id)}` : '/api/walls/posts';
      if (action.type === 'save') return (await apiSend(id ? 'PUT' : 'POST', path, action.input, one)).data;
      if (action.type === 'publish') return (await apiSend('POST', `${path}/publish`, action.body, one)).data;
      if (action.type === 'pin') return (await apiSend('POST', `${path}/pin`, { pinned: action.pinned }, one)).data;
      return (await apiSend('DELETE', path, undefined, one)).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wallKeys.posts }),
  });
}
