import { apiSend } from '@/lib/http';
import { deletedAnswer, useAudienceMutation } from './use-audience-mutation';

/** `DELETE /api/audience/suppressions/{email}`: campaigns may mail the address again. */
export async function removeSuppression(email: string): Promise<void> {
  await apiSend('DELETE', `/api/audience/suppressions/${encodeURIComponent(email)}`, undefined, deletedAnswer);
}

export const useRemoveSuppression = () => useAudienceMutation(removeSuppression);
