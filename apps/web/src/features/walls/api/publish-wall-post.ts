import type { WallPost, WallPostPublishBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { wallPostAnswer, wallPostPath } from './keys';

/** `POST /api/walls/posts/{id}/publish`: now or at a time. */
export async function publishWallPost(id: string | null, body: WallPostPublishBody): Promise<WallPost> {
  return (await apiSend('POST', `${wallPostPath(id)}/publish`, body, wallPostAnswer)).data;
}
