import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  okResponse,
  templateListSchema,
  templatePreviewSchema,
  templateSchema,
  templateTestSendSchema,
  type Template,
  type TemplateInput,
  type TemplatePreviewBody,
} from '@enlaza/contracts';
import { apiGet, apiSend } from '@/lib/http';

/** Query keys of my email templates. */
export const templateKeys = {
  all: ['templates'] as const,
  list: (search: string) => [...templateKeys.all, 'list', search] as const,
  one: (id: string) => [...templateKeys.all, 'one', id] as const,
};
const one = okResponse(templateSchema);

/** `GET /api/templates`: keyset pages, most recently edited first. */
export function templatesQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: templateKeys.list(search),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: '20' });
      if (search) query.set('search', search);
      if (pageParam) query.set('before', pageParam);
      return apiGet(`/api/templates?${query.toString()}`, templateListSchema);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
  });
}
export const useTemplates = (search: string) => useInfiniteQuery(templatesQueryOptions(search));

export const templateQueryOptions = (id: string) =>
  queryOptions({
    queryKey: templateKeys.one(id),
    queryFn: async () => (await apiGet(`/api/templates/${encodeURIComponent(id)}`, one)).data,
  });
export const useTemplate = (id: string | null) => useQuery({ ...templateQueryOptions(id ?? ''), enabled: Boolean(id) });

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: TemplateInput }): Promise<Template> =>
      (await apiSend(id ? 'PUT' : 'POST', id ? `/api/templates/${encodeURIComponent(id)}` : '/api/templates', input, one)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useTrashTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await apiSend('DELETE', `/api/templates/${encodeURIComponent(id)}`, undefined, one)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** `POST /api/templates/preview`: the server renders the editor's current content with sample values. */
export const previewTemplate = async (body: TemplatePreviewBody) =>
  (await apiSend('POST', '/api/templates/preview', body, okResponse(templatePreviewSchema))).data;

/** `POST /api/templates/{id}/test`: the saved template to my own address. */
export const useSendTest = () =>
  useMutation({
    mutationFn: async (id: string) =>
      (await apiSend('POST', `/api/templates/${encodeURIComponent(id)}/test`, undefined, okResponse(templateTestSendSchema))).data,
  });
