import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { collectionSchema, okResponse, type Collection, type ProfileKind } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';
import { profileKeys } from '@/lib/api/profile-keys';

/** Folders (carpetas) or labels (etiquetas). */
export type CollectionType = 'folders' | 'labels';
export interface CollectionBody {
  kind: ProfileKind;
  name: string;
  color: string;
}

const listSchema = okResponse(z.array(collectionSchema));
const oneSchema = okResponse(collectionSchema);
const emptySchema = okResponse(z.object({}));

/** Query keys of my folders and labels: by type, then by the kind of profile they hold. */
export const collectionKeys = {
  all: ['collections'] as const,
  ofType: (type: CollectionType) => ['collections', type] as const,
  of: (type: CollectionType, kind: ProfileKind) => ['collections', type, kind] as const,
};

export function collectionsQueryOptions(type: CollectionType, kind: ProfileKind) {
  return queryOptions({
    queryKey: collectionKeys.of(type, kind),
    queryFn: async () => (await apiGet(`/api/${type}?kind=${kind}`, listSchema)).data,
  });
}

/** My folders or labels for cards or tags, each with how many profiles it holds. */
export function useCollections(type: CollectionType, kind: ProfileKind) {
  return useQuery(collectionsQueryOptions(type, kind));
}

/** Create (no id) or rename/recolour a folder or label. */
export function useSaveCollection(type: CollectionType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: CollectionBody }): Promise<Collection> =>
      id
        ? (await apiSend('PUT', `/api/${type}/${encodeURIComponent(id)}`, body, oneSchema)).data
        : (await apiSend('POST', `/api/${type}`, body, oneSchema)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: collectionKeys.ofType(type) }),
  });
}

/** Delete a folder or label; its profiles stay (they lose the folder or the label). */
export function useDeleteCollection(type: CollectionType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => apiSend('DELETE', `/api/${type}/${encodeURIComponent(id)}`, undefined, emptySchema),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionKeys.ofType(type) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
}
