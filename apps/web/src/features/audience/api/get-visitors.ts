import { useInfiniteQuery } from '@tanstack/react-query';
import { audienceVisitorPageSchema } from '@enlaza/contracts';
import { audienceKeys } from '@/lib/api/audience-keys';
import { searchPagesQueryOptions } from './search-pages';

/** "All contacts": the consenting visitors of my cards and tags, matching `q`, a page at a time. */
export const visitorsQueryOptions = (q: string) =>
  searchPagesQueryOptions(audienceKeys.visitors(q), '/api/audience/visitors', audienceVisitorPageSchema, q);

export const useVisitors = (q: string) => useInfiniteQuery(visitorsQueryOptions(q));
