import type { TrashKind } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { countAnswer, useTrashMutation } from './use-trash-mutation';

/** `DELETE /api/trash[?kind=]`: everything in the trash, or every item of one kind, for good. */
export async function emptyTrash(kind: TrashKind | null) {
  return (await apiSend('DELETE', `/api/trash${kind ? `?kind=${kind}` : ''}`, undefined, countAnswer)).data;
}

export const useEmptyTrash = () => useTrashMutation(emptyTrash);
