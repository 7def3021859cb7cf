import type { TrashKind } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { countAnswer, useTrashMutation } from './use-trash-mutation';

/** `DELETE /api/trash/{kind}/{id}`: one item, for good. */
export async function deleteForever({ kind, id }: { kind: TrashKind; id: string }) {
  return (await apiSend('DELETE', `/api/trash/${kind}/${encodeURIComponent(id)}`, undefined, countAnswer)).data;
}

export const useDeleteForever = () => useTrashMutation(deleteForever);
