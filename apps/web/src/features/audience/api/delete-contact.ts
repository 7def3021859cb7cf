import { apiSend } from '@/lib/http';
import { deletedAnswer, useAudienceMutation } from './use-audience-mutation';

/** `DELETE /api/audience/lists/{listId}/contacts/{contactId}`: one contact of a list. */
export async function deleteContact(listId: string, contactId: string): Promise<void> {
  const path = `/api/audience/lists/${encodeURIComponent(listId)}/contacts/${encodeURIComponent(contactId)}`;
  await apiSend('DELETE', path, undefined, deletedAnswer);
}

export const useDeleteContact = (listId: string) => useAudienceMutation((contactId: string) => deleteContact(listId, contactId));
