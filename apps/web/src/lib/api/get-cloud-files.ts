import { queryOptions } from '@tanstack/react-query';
import { fileListSchema } from '@enlaza/contracts';
import type { z } from 'zod';
import { apiGet } from '../http';
import { cloudKeys, type CloudFilesParams } from './cloud-keys';

/** `GET /api/files`: a page of my files (or of my trash). */
export function getCloudFiles(query: CloudFilesParams): Promise<z.infer<typeof fileListSchema>> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return apiGet(`/api/files?${params.toString()}`, fileListSchema);
}

export function cloudFilesQueryOptions(query: CloudFilesParams) {
  return queryOptions({ queryKey: cloudKeys.files(query), queryFn: () => getCloudFiles(query) });
}
