import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '@/lib/http';

const PAGE_SIZE = 50;

type Page = { data: unknown[]; meta: { nextCursor: string | null } };

/** Searchable keyset pages of `path` (`q`, `cursor`, `limit`), PAGE_SIZE at a time: the audience's lists of people. */
export function searchPagesQueryOptions<P extends Page>(queryKey: QueryKey, path: string, schema: z.ZodType<P>, q: string) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (q) query.set('q', q);
      if (pageParam) query.set('cursor', pageParam);
      return apiGet(`${path}?${query.toString()}`, schema);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: P) => last.meta.nextCursor,
  });
}
