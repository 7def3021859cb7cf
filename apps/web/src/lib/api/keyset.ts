import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '@/lib/http';

/** Rows a keyset page asks for ("load more" fetches the next ones). */
export const KEYSET_PAGE_LIMIT = 25;

/** The query string of a list's filters: only the ones that are set, in the order given. */
export function filterParams<F extends object>(filters: F, keys: readonly (keyof F & string)[]): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = filters[key];
    if (typeof value === 'string' && value) params.set(key, value);
  }
  return params;
}

/**
 * A newest-first list read one keyset page at a time: `GET path?<filters>&limit=25&before=<cursor>`,
 * the next cursor taken from the answer's `meta.nextCursor` (null on the last page).
 */
export function keysetQueryOptions<F extends object, P extends { meta: { nextCursor: string | null } }>(options: {
  queryKey: QueryKey;
  path: string;
  filters: F;
  keys: readonly (keyof F & string)[];
  schema: z.ZodType<P>;
}) {
  const { queryKey, path, filters, keys, schema } = options;
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => {
      const params = filterParams(filters, keys);
      params.set('limit', String(KEYSET_PAGE_LIMIT));
      if (pageParam) params.set('before', pageParam);
      return apiGet(`${path}?${params.toString()}`, schema);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: P) => last.meta.nextCursor,
  });
}
