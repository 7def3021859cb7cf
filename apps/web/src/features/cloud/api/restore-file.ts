import type { CloudFile } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { fileAnswer, useFileMutation } from './use-file-mutation';

/** `POST /api/files/{id}/restore`: back from the trash. */
export async function restoreFile(id: string): Promise<CloudFile> {
  return (await apiSend('POST', `/api/files/${encodeURIComponent(id)}/restore`, undefined, fileAnswer)).data;
}

export const useRestoreFile = () => useFileMutation(restoreFile);
