import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { historyPageSchema } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

export interface HistoryFilters {
  userId?: string;
  action?: string;
  from?: string;
  to?: string;
}

const PAGE_LIMIT = 25;

/** Query keys of the admin's history. */
export const adminHistoryKeys = {
  all: ['admin', 'history'] as const,
  list: (filters: HistoryFilters) => ['admin', 'history', filters] as const,
};

function historyPath(filters: HistoryFilters, cursor: string | null): string {
  const params = new URLSearchParams({ limit: String(PAGE_LIMIT) });
  for (const key of ['userId', 'action', 'from', 'to'] as const) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  if (cursor) params.set('cursor', cursor);
  return `/api/admin/historial?${params.toString()}`;
}

export function adminHistoryQueryOptions(filters: HistoryFilters) {
  return infiniteQueryOptions({
    queryKey: adminHistoryKeys.list(filters),
    queryFn: ({ pageParam }) => apiGet(historyPath(filters, pageParam), historyPageSchema),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
  });
}

/** The global audit log, newest first, one keyset page at a time ("load more"). */
export function useAdminHistory(filters: HistoryFilters) {
  return useInfiniteQuery(adminHistoryQueryOptions(filters));
}
