import { useInfiniteQuery } from '@tanstack/react-query';
import { contactPageSchema } from '@enlaza/contracts';
import { audienceKeys } from '@/lib/api/audience-keys';
import { searchPagesQueryOptions } from './search-pages';

/** `GET /api/audience/lists/{id}/contacts`: a list's contacts matching `q`, a page at a time. */
export const contactsQueryOptions = (listId: string, q: string) =>
  searchPagesQueryOptions(
    audienceKeys.contacts(listId, q),
    `/api/audience/lists/${encodeURIComponent(listId)}/contacts`,
    contactPageSchema,
    q,
  );

export const useContacts = (listId: string, q: string) => useInfiniteQuery(contactsQueryOptions(listId, q));
