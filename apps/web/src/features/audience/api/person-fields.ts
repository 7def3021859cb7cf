import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, personFieldsSchema, type FieldValue, type PersonFields } from '@enlaza/contracts';
import { audienceKeys } from '@/lib/api/audience-keys';
import { apiGet, apiSend } from '@/lib/http';
import { useAudienceMutation } from './use-audience-mutation';

const valuesAnswer = okResponse(personFieldsSchema);

/** `GET /api/audience/fields/values?email=`: an address's contact field values, by field id. */
export async function getPersonFields(email: string): Promise<PersonFields> {
  return (await apiGet(`/api/audience/fields/values?email=${encodeURIComponent(email)}`, valuesAnswer)).data;
}

export const personFieldsQueryOptions = (email: string) =>
  queryOptions({ queryKey: audienceKeys.personFields(email), queryFn: () => getPersonFields(email), enabled: email !== '' });

export const usePersonFields = (email: string) => useQuery(personFieldsQueryOptions(email));

/** `PUT /api/audience/fields/values`: sets (null clears) the values named; the others keep theirs. */
export async function savePersonFields(body: { email: string; values: Record<string, FieldValue> }): Promise<PersonFields> {
  return (await apiSend('PUT', '/api/audience/fields/values', body, valuesAnswer)).data;
}

export const useSavePersonFields = () => useAudienceMutation(savePersonFields);
