import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  audienceVisitorPageSchema,
  contactImportPreviewSchema,
  contactImportResultSchema,
  contactListSchema,
  contactPageSchema,
  okResponse,
  suppressionPageSchema,
  suppressionSchema,
  type ContactImportBody,
} from '@enlaza/contracts';
import { z } from 'zod';
import { audienceKeys } from '@/lib/api/audience';
import { apiGet, apiSend } from '@/lib/http';

const PAGE_SIZE = 50;
const listsAnswer = okResponse(z.array(contactListSchema));
const listAnswer = okResponse(contactListSchema);
const deletedAnswer = okResponse(z.object({ deleted: z.literal(true) }));

export const useContactLists = () =>
  useQuery({ queryKey: audienceKeys.lists, queryFn: async () => (await apiGet('/api/audience/lists', listsAnswer)).data });
export const useContactList = (id: string) =>
  useQuery({
    queryKey: audienceKeys.list(id),
    queryFn: async () => (await apiGet(`/api/audience/lists/${encodeURIComponent(id)}`, listAnswer)).data,
  });

type Page = { data: unknown[]; meta: { nextCursor: string | null } };

/** Searchable keyset pages of `path` (`q`, `cursor`, `limit`), PAGE_SIZE at a time. */
function useSearchPages<P extends Page>(key: readonly unknown[], path: string, schema: z.ZodType<P>, q: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...key, q],
      queryFn: ({ pageParam }) => {
        const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
        if (q) query.set('q', q);
        if (pageParam) query.set('cursor', pageParam);
        return apiGet(`${path}?${query.toString()}`, schema);
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last: P) => last.meta.nextCursor,
    }),
  );
}

export const useContacts = (listId: string, q: string) =>
  useSearchPages(audienceKeys.contacts(listId), `/api/audience/lists/${encodeURIComponent(listId)}/contacts`, contactPageSchema, q);

export const useSuppressions = (q: string) =>
  useSearchPages(audienceKeys.suppressions, '/api/audience/suppressions', suppressionPageSchema, q);

/** "All contacts": the consenting visitors of my cards and tags. */
export const useVisitors = (q: string) => useSearchPages(audienceKeys.visitors, '/api/audience/visitors', audienceVisitorPageSchema, q);

/** Every change here changes counts elsewhere in the audience area (and the campaign picker). */
function useAudienceMutation<V, R>(call: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: audienceKeys.all }) });
}

export const usePreviewImport = () =>
  useMutation({
    mutationFn: async (csv: string) =>
      (await apiSend('POST', '/api/audience/lists/preview', { csv }, okResponse(contactImportPreviewSchema))).data,
  });
export const useImportContacts = () =>
  useAudienceMutation(
    async (body: ContactImportBody) =>
      (await apiSend('POST', '/api/audience/lists/import', body, okResponse(contactImportResultSchema))).data,
  );
export const useDeleteList = () =>
  useAudienceMutation((id: string) => apiSend('DELETE', `/api/audience/lists/${encodeURIComponent(id)}`, undefined, deletedAnswer));
export const useDeleteContact = (listId: string) =>
  useAudienceMutation((contactId: string) =>
    apiSend(
      'DELETE',
      `/api/audience/lists/${encodeURIComponent(listId)}/contacts/${encodeURIComponent(contactId)}`,
      undefined,
      deletedAnswer,
    ),
  );
export const useAddSuppression = () =>
  useAudienceMutation(
    async (email: string) => (await apiSend('POST', '/api/audience/suppressions', { email }, okResponse(suppressionSchema))).data,
  );
export const useRemoveSuppression = () =>
  useAudienceMutation((email: string) =>
    apiSend('DELETE', `/api/audience/suppressions/${encodeURIComponent(email)}`, undefined, deletedAnswer),
  );
