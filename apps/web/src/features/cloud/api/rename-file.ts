import type { CloudFile } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { fileAnswer, useFileMutation } from './use-file-mutation';

/** `PATCH /api/files/{id}`: a new name. */
export async function renameFile({ id, name }: { id: string; name: string }): Promise<CloudFile> {
  return (await apiSend('PATCH', `/api/files/${encodeURIComponent(id)}`, { name }, fileAnswer)).data;
}

export const useRenameFile = () => useFileMutation(renameFile);
