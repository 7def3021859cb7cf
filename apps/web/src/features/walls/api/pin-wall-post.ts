import type { WallPost } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { wallPostAnswer, wallPostPath } from './keys';

/** `POST /api/walls/posts/{id}/pin`: pinned posts come first. */
export async function pinWallPost(id: string | null, pinned: boolean): Promise<WallPost> {
  return (await apiSend('POST', `${wallPostPath(id)}/pin`, { pinned }, wallPostAnswer)).data;
}
