import { useInfiniteQuery } from '@tanstack/react-query';
import { suppressionPageSchema } from '@enlaza/contracts';
import { audienceKeys } from '@/lib/api/audience-keys';
import { searchPagesQueryOptions } from './search-pages';

/** `GET /api/audience/suppressions`: the addresses never mailed, matching `q`, a page at a time. */
export const suppressionsQueryOptions = (q: string) =>
  searchPagesQueryOptions(audienceKeys.suppressions(q), '/api/audience/suppressions', suppressionPageSchema, q);

export const useSuppressions = (q: string) => useInfiniteQuery(suppressionsQueryOptions(q));
