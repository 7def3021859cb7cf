import {
  contactFieldSchema,
  okResponse,
  type ContactField,
  type ContactFieldCreateBody,
  type ContactFieldUpdateBody,
} from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useAudienceMutation } from './use-audience-mutation';

const fieldAnswer = okResponse(contactFieldSchema);

export type SaveContactField = { id: null; body: ContactFieldCreateBody } | { id: string; body: ContactFieldUpdateBody };

/** `POST /api/audience/fields` (a new field) or `PATCH /api/audience/fields/{id}` (its name, choices, form). */
export async function saveContactField({ id, body }: SaveContactField): Promise<ContactField> {
  const path = id === null ? '/api/audience/fields' : `/api/audience/fields/${encodeURIComponent(id)}`;
  return (await apiSend(id === null ? 'POST' : 'PATCH', path, body, fieldAnswer)).data;
}

export const useSaveContactField = () => useAudienceMutation(saveContactField);
