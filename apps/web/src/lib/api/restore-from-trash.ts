import { okResponse, type TrashKind } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '../http';

const restoredAnswer = okResponse(z.object({ kind: z.string(), id: z.string() }));

/** `POST /api/trash/{kind}/{id}/restore`: shared by the Papelera and every Undo after a move to the trash. */
export async function restoreFromTrash(kind: TrashKind, id: string): Promise<void> {
  await apiSend('POST', `/api/trash/${kind}/${encodeURIComponent(id)}/restore`, undefined, restoredAnswer);
}
