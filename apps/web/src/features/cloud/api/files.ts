import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cloudFileSchema,
  fileUsesResponseSchema,
  okResponse,
  trashFilesResponseSchema,
  type CloudFile,
  type FileUse,
} from '@enlaza/contracts';
import { apiGet, apiSend } from '@/lib/http';
import { cloudKeys, cloudFilesQueryOptions, type CloudFilesParams } from '@/lib/cloud-api';

export { useStorageUsage } from '@/lib/cloud-api';

const oneSchema = okResponse(cloudFileSchema);

/** A page of my files (or of my trash), keeping the previous page on screen while the next loads. */
export function useCloudFiles(query: CloudFilesParams) {
  return useQuery({ ...cloudFilesQueryOptions(query), placeholderData: keepPreviousData });
}

function useFileMutation<V>(call: (vars: V) => Promise<CloudFile>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: cloudKeys.all }) });
}

export const useRenameFile = () =>
  useFileMutation(
    async ({ id, name }: { id: string; name: string }) =>
      (await apiSend('PATCH', `/api/files/${encodeURIComponent(id)}`, { name }, oneSchema)).data,
  );
export const useRestoreFile = () =>
  useFileMutation(async (id: string) => (await apiSend('POST', `/api/files/${encodeURIComponent(id)}/restore`, undefined, oneSchema)).data);

/**
 * `POST /api/files/trash`: one or several files to the trash, all or nothing. Without `confirm`, a
 * file that a card, tag, post, template or campaign uses is refused (ApiError `file.in_use`).
 */
export const trashFiles = async (ids: string[], confirm: boolean) =>
  (await apiSend('POST', '/api/files/trash', { ids, confirm }, trashFilesResponseSchema)).data;

/** `GET /api/files/uses`: where these files of mine are used. */
export const fileUses = async (ids: string[]): Promise<FileUse[]> =>
  (await apiGet(`/api/files/uses?ids=${ids.map(encodeURIComponent).join(',')}`, fileUsesResponseSchema)).data;
