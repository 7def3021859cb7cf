import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactListSchema, okResponse, type ContactList } from '@enlaza/contracts';
import { audienceKeys } from '@/lib/api/audience-keys';
import { apiGet } from '@/lib/http';

const listAnswer = okResponse(contactListSchema);

/** `GET /api/audience/lists/{id}`: one of my contact lists. */
export async function getContactList(id: string): Promise<ContactList> {
  return (await apiGet(`/api/audience/lists/${encodeURIComponent(id)}`, listAnswer)).data;
}

export const contactListQueryOptions = (id: string) => queryOptions({ queryKey: audienceKeys.list(id), queryFn: () => getContactList(id) });

export const useContactList = (id: string) => useQuery(contactListQueryOptions(id));
