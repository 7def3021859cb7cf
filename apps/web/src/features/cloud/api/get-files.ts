import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CloudFilesParams } from '@/lib/api/cloud-keys';
import { cloudFilesQueryOptions } from '@/lib/api/get-cloud-files';

/** A page of my files (or of my trash), keeping the previous page on screen while the next loads. */
export function useCloudFiles(query: CloudFilesParams) {
  return useQuery({ ...cloudFilesQueryOptions(query), placeholderData: keepPreviousData });
}
