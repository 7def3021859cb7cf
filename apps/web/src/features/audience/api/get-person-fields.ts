import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, personFieldsSchema, type PersonFields } from '@enlaza/contracts';
import { audienceKeys } from '@/lib/api/audience-keys';
import { apiGet } from '@/lib/http';

const valuesAnswer = okResponse(personFieldsSchema);

/** `GET /api/audience/fields/values?email=`: an address's contact field values, by field id. */
export async function getPersonFields(email: string): Promise<PersonFields> {
  return (await apiGet(`/api/audience/fields/values?email=${encodeURIComponent(email)}`, valuesAnswer)).data;
}

export const personFieldsQueryOptions = (email: string) =>
  queryOptions({ queryKey: audienceKeys.personFields(email), queryFn: () => getPersonFields(email), enabled: email !== '' });

export const usePersonFields = (email: string) => useQuery(personFieldsQueryOptions(email));
