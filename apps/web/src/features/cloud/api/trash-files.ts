import { trashFilesResponseSchema } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';

/**
 * `POST /api/files/trash`: one or several files to the trash, all or nothing. Without `confirm`, a
 * file that a card, tag, post, template or campaign uses is refused (ApiError `file.in_use`).
 */
export const trashFiles = async (ids: string[], confirm: boolean) =>
  (await apiSend('POST', '/api/files/trash', { ids, confirm }, trashFilesResponseSchema)).data;
