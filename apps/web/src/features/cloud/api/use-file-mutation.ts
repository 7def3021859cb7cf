import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cloudFileSchema, okResponse, type CloudFile } from '@enlaza/contracts';
import { cloudKeys } from '@/lib/api/cloud-keys';

/** The answer that holds one file. */
export const fileAnswer = okResponse(cloudFileSchema);

/** A change to a file: every cloud query (lists, usage) is read again. */
export function useFileMutation<V>(call: (vars: V) => Promise<CloudFile>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: cloudKeys.all }) });
}
