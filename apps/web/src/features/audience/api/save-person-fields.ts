import { okResponse, personFieldsSchema, type FieldValue, type PersonFields } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useAudienceMutation } from './use-audience-mutation';

const valuesAnswer = okResponse(personFieldsSchema);

/** `PUT /api/audience/fields/values`: sets (null clears) the values named; the others keep theirs. */
export async function savePersonFields(body: { email: string; values: Record<string, FieldValue> }): Promise<PersonFields> {
  return (await apiSend('PUT', '/api/audience/fields/values', body, valuesAnswer)).data;
}

export const useSavePersonFields = () => useAudienceMutation(savePersonFields);
