import { apiSend } from '@/lib/http';
import { deletedAnswer, useAudienceMutation } from './use-audience-mutation';

/** `DELETE /api/audience/lists/{id}`: a list and its contacts. */
export async function deleteList(id: string): Promise<void> {
  await apiSend('DELETE', `/api/audience/lists/${encodeURIComponent(id)}`, undefined, deletedAnswer);
}

export const useDeleteList = () => useAudienceMutation(deleteList);
