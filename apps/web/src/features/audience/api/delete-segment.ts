import { apiSend } from '@/lib/http';
import { deletedAnswer, useAudienceMutation } from './use-audience-mutation';

/** `DELETE /api/audience/segments/{id}` (refused while an automation step sends to it). */
export async function deleteSegment(id: string): Promise<void> {
  await apiSend('DELETE', `/api/audience/segments/${encodeURIComponent(id)}`, undefined, deletedAnswer);
}

export const useDeleteSegment = () => useAudienceMutation(deleteSegment);
