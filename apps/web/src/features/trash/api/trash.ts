import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse, trashCountSchema, trashListSchema, type TrashKind, type TrashList } from '@enlaza/contracts';
import { restoreFromTrash } from '@/components/use-undo-trash';
import { apiGet, apiSend } from '@/lib/http';

/** Query keys of the trash. */
export const trashKeys = {
  all: ['trash'] as const,
  list: (kind: string | null) => ['trash', kind ?? 'all'] as const,
};
export const TRASH_PAGE_SIZE = 25;

const countAnswer = okResponse(trashCountSchema);
/** `GET /api/trash`: my trashed items, newest deletion first, one keyset page at a time. */
async function getTrashPage(cursor: string | null, kind: TrashKind | null): Promise<TrashList> {
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

/** A restore or a deletion changes lists all over the app (cards, mailbox, cloud, usage): refetch what is on screen. */
function useTrashMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries() });
}

export const useRestoreItem = () => useTrashMutation(({ kind, id }: { kind: TrashKind; id: string }) => restoreFromTrash(kind, id));
export const useDeleteForever = () =>
  useTrashMutation(
    async ({ kind, id }: { kind: TrashKind; id: string }) =>
      (await apiSend('DELETE', `/api/trash/${kind}/${encodeURIComponent(id)}`, undefined, countAnswer)).data,
  );
export const useEmptyTrash = () =>
  useTrashMutation(
    async (kind: TrashKind | null) => (await apiSend('DELETE', `/api/trash${kind ? `?kind=${kind}` : ''}`, undefined, countAnswer)).data,
  );
