import { fileUsesResponseSchema, type FileUse } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

/** `GET /api/files/uses`: where these files of mine are used. */
export const fileUses = async (ids: string[]): Promise<FileUse[]> =>
  (await apiGet(`/api/files/uses?ids=${ids.map(encodeURIComponent).join(',')}`, fileUsesResponseSchema)).data;
