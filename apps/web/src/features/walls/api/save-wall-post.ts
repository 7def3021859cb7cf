import type { WallPost, WallPostInput } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { wallPostAnswer, wallPostPath } from './keys';

/** `POST /api/walls/posts` (a new draft) or `PUT /api/walls/posts/{id}`. */
export async function saveWallPost(id: string | null, input: WallPostInput): Promise<WallPost> {
  return (await apiSend(id ? 'PUT' : 'POST', wallPostPath(id), input, wallPostAnswer)).data;
}
