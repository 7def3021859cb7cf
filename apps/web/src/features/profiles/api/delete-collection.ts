import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { profileKeys } from '@/lib/api/profile-keys';
import { apiSend } from '@/lib/http';
import { collectionKeys, type CollectionType } from './keys';

/** `DELETE /api/{folders|labels}/{id}`: its profiles stay (they lose the folder or the label). */
export async function deleteCollection(type: CollectionType, id: string): Promise<void> {
  await apiSend('DELETE', `/api/${type}/${encodeURIComponent(id)}`, undefined, okResponse(z.object({})));
}

export function useDeleteCollection(type: CollectionType) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCollection(type, id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionKeys.ofType(type) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
}
