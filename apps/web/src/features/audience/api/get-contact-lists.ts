import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactListSchema, okResponse, type ContactList } from '@enlaza/contracts';
import { z } from 'zod';
import { audienceKeys } from '@/lib/api/audience-keys';
import { apiGet } from '@/lib/http';

const listsAnswer = okResponse(z.array(contactListSchema));

/** `GET /api/audience/lists`: my imported contact lists. */
export async function getContactLists(): Promise<ContactList[]> {
  return (await apiGet('/api/audience/lists', listsAnswer)).data;
}

export const contactListsQueryOptions = () => queryOptions({ queryKey: audienceKeys.lists, queryFn: getContactLists });

export const useContactLists = () => useQuery(contactListsQueryOptions());
