import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/http';
import { automationKeys, automationPath, enrolmentPageSchema } from './keys';

/** `GET /api/automations/{id}/people?cursor=`: the people in it, where they are, a page at a time. */
export const peopleQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: automationKeys.people(id),
    queryFn: ({ pageParam }) => {
      const path = automationPath(id, 'people');
      return apiGet(pageParam ? `${path}?cursor=${encodeURIComponent(pageParam)}` : path, enrolmentPageSchema);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
  });

export const usePeople = (id: string) => useInfiniteQuery(peopleQueryOptions(id));
