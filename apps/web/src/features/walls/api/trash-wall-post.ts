import type { WallPost } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { wallPostAnswer, wallPostPath } from './keys';

/** `DELETE /api/walls/posts/{id}`: to the trash. */
export async function trashWallPost(id: string | null): Promise<WallPost> {
  return (await apiSend('DELETE', wallPostPath(id), undefined, wallPostAnswer)).data;
}
