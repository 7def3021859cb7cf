import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, storageUsageSchema, type StorageUsage } from '@enlaza/contracts';
import { apiGet } from '../http';
import { cloudKeys } from './cloud-keys';

/** `GET /api/files/usage`: storage used (live and trashed files) against the plan's limit. */
export async function getStorageUsage(): Promise<StorageUsage> {
  return (await apiGet('/api/files/usage', okResponse(storageUsageSchema))).data;
}

/**
 * The one source of the storage meters (cloud, dashboard, account home). Under `cloudKeys.all`, so
 * every upload, trash or restore refreshes it.
 */
export function storageUsageQueryOptions() {
  return queryOptions({ queryKey: cloudKeys.usage, queryFn: getStorageUsage });
}

export function useStorageUsage() {
  return useQuery(storageUsageQueryOptions());
}
