import { okResponse, wallPostSchema } from '@enlaza/contracts';

/** Query keys of the walls screen. */
export const wallKeys = {
  all: ['walls'] as const,
  profiles: ['walls', 'profiles'] as const,
  posts: ['walls', 'posts'] as const,
  postsOf: (profileId: string) => [...wallKeys.posts, profileId] as const,
};

/** The answer of every change to a post: the post as stored. */
export const wallPostAnswer = okResponse(wallPostSchema);

/** A post's own path, or the list's for a new one. */
export const wallPostPath = (id: string | null) => (id ? `/api/walls/posts/${encodeURIComponent(id)}` : '/api/walls/posts');
