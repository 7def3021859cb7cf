import { queryOptions, useQuery } from '@tanstack/react-query';
import { cloudFileSchema, okResponse, type CloudFile } from '@enlaza/contracts';
import { apiGet } from '../http';
import { cloudKeys } from './cloud-keys';

/** `GET /api/files/{id}`: one of my files, with its signed `url`. */
export async function getCloudFile(id: string): Promise<CloudFile> {
  return (await apiGet(`/api/files/${encodeURIComponent(id)}`, okResponse(cloudFileSchema))).data;
}

export function cloudFileQueryOptions(id: string) {
  // The signed address lasts at least an hour; refresh it well before.
  return queryOptions({ queryKey: cloudKeys.file(id), queryFn: () => getCloudFile(id), staleTime: 30 * 60_000 });
}

/** One of my files (for its signed `url`), or nothing while `id` is null. */
export function useCloudFile(id: string | null) {
  return useQuery({ ...cloudFileQueryOptions(id ?? ''), enabled: Boolean(id) });
}
