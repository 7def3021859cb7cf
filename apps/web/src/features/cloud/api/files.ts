import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cloudFileSchema, okResponse, type CloudFile } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { CLOUD_KEY, cloudFilesQueryOptions, type CloudFilesParams } from '@/lib/cloud-api';

export { useStorageUsage } from '@/lib/cloud-api';

const oneSchema = okResponse(cloudFileSchema);

/** A page of my files (or of my trash), keeping the previous page on screen while the next loads. */
export function useCloudFiles(query: CloudFilesParams) {
  return useQuery({ ...cloudFilesQueryOptions(query), placeholderData: keepPreviousData });
}

function useFileMutation<V>(call: (vars: V) => Promise<CloudFile>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: CLOUD_KEY }) });
}

export const useRenameFile = () =>
  useFileMutation(
    async ({ id, name }: { id: string; name: string }) =>
      (await apiSend('PATCH', `/api/files/${encodeURIComponent(id)}`, { name }, oneSchema)).data,
  );
export const useTrashFile = () =>
  useFileMutation(async (id: string) => (await apiSend('DELETE', `/api/files/${encodeURIComponent(id)}`, undefined, oneSchema)).data);
export const useRestoreFile = () =>
  useFileMutation(async (id: string) => (await apiSend('POST', `/api/files/${encodeURIComponent(id)}/restore`, undefined, oneSchema)).data);
