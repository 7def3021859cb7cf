import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { templateListSchema, type TemplateList } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { templateKeys } from './keys';

/** `GET /api/templates`: keyset pages, most recently edited first. */
export function getTemplatesPage(search: string, before: string | null): Promise<TemplateList> {
  const query = new URLSearchParams({ limit: '20' });
  if (search) query.set('search', search);
  if (before) query.set('before', before);
  return apiGet(`/api/templates?${query.toString()}`, templateListSchema);
}

export function templatesQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: templateKeys.list(search),
    queryFn: ({ pageParam }) => getTemplatesPage(search, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
  });
}

export const useTemplates = (search: string) => useInfiniteQuery(templatesQueryOptions(search));
