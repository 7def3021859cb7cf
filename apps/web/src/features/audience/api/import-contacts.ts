import { contactImportResultSchema, okResponse, type ContactImportBody, type ContactImportResult } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useAudienceMutation } from './use-audience-mutation';

const importAnswer = okResponse(contactImportResultSchema);

/** `POST /api/audience/lists/import`: a new list from a CSV. */
export async function importContacts(body: ContactImportBody): Promise<ContactImportResult> {
  return (await apiSend('POST', '/api/audience/lists/import', body, importAnswer)).data;
}

export const useImportContacts = () => useAudienceMutation(importContacts);
