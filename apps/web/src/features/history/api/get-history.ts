import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { historyPageSchema } from '@enlaza/contracts';
import type { z } from 'zod';
import { apiGet } from '@/lib/http';

export type HistoryPage = z.infer<typeof historyPageSchema>;
export const HISTORY_PAGE_SIZE = 25;

/** Query keys of my activity history. */
export const historyKeys = {
  all: ['history'] as const,
  list: (action: string | null) => [...historyKeys.all, action ?? 'all'] as const,
};

/** `GET /api/historial`: my own activity, newest first, one keyset page at a time. */
export async function getHistoryPage(cursor: string | null, action: string | null): Promise<HistoryPage> {
  const query = new URLSearchParams({ limit: String(HISTORY_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  if (action) query.set('action', action);
  return apiGet(`/api/historial?${query.toString()}`, historyPageSchema);
}

export function historyQueryOptions(action: string | null) {
  return infiniteQueryOptions({
    queryKey: historyKeys.list(action),
    queryFn: ({ pageParam }) => getHistoryPage(pageParam, action),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
  });
}

export function useHistory(action: string | null) {
  return useInfiniteQuery(historyQueryOptions(action));
}
