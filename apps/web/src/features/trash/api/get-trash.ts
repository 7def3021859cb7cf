import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { trashListSchema, type TrashKind, type TrashList } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { TRASH_PAGE_SIZE, trashKeys } from './keys';

/** `GET /api/trash`: my trashed items, newest deletion first, one keyset page at a time. */
export async function getTrashPage(cursor: string | null, kind: TrashKind | null): Promise<TrashList> {
  const query = new URLSearchParams({ limit: String(TRASH_PAGE_SIZE) });
  if (cursor) query.set('before', cursor);
  if (kind) query.set('kind', kind);
  return apiGet(`/api/trash?${query.toString()}`, trashListSchema);
}

export function trashQueryOptions(kind: TrashKind | null) {
  return infiniteQueryOptions({
    queryKey: trashKeys.list(kind),
    queryFn: ({ pageParam }) => getTrashPage(pageParam, kind),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const useTrash = (kind: TrashKind | null) => useInfiniteQuery(trashQueryOptions(kind));
