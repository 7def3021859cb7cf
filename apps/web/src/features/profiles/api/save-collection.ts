import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collection } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { collectionAnswer, collectionKeys, type CollectionBody, type CollectionType } from './keys';

/** `POST /api/{folders|labels}` (no id) or `PUT /api/{folders|labels}/{id}`: create, rename or recolour. */
export async function saveCollection(type: CollectionType, id: string | null, body: CollectionBody): Promise<Collection> {
  const path = id ? `/api/${type}/${encodeURIComponent(id)}` : `/api/${type}`;
  return (await apiSend(id ? 'PUT' : 'POST', path, body, collectionAnswer)).data;
}

export function useSaveCollection(type: CollectionType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CollectionBody }) => saveCollection(type, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.ofType(type) }),
  });
}
