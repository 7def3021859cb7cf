import { apiSend } from '@/lib/http';
import { deletedAnswer, useAudienceMutation } from './use-audience-mutation';

/** `DELETE /api/audience/fields/{id}`: a field and its values (refused while a segment uses it). */
export async function deleteContactField(id: string): Promise<void> {
  await apiSend('DELETE', `/api/audience/fields/${encodeURIComponent(id)}`, undefined, deletedAnswer);
}

export const useDeleteContactField = () => useAudienceMutation(deleteContactField);
