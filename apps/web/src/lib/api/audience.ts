import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { audienceCountSchema, audienceSourcesSchema, okResponse, type AudienceSelector } from '@enlaza/contracts';
import { apiGet, apiSend } from '../http';

/** Shared by the audience screens and the campaign form (features must not import each other). */
export const audienceKeys = {
  all: ['audience'] as const,
  sources: ['audience', 'sources'] as const,
  count: (selector: AudienceSelector) => ['audience', 'count', selector] as const,
  lists: ['audience', 'lists'] as const,
  list: (id: string) => ['audience', 'lists', id] as const,
  contacts: (listId: string) => ['audience', 'lists', listId, 'contacts'] as const,
  suppressions: ['audience', 'suppressions'] as const,
  visitors: ['audience', 'visitors'] as const,
};

const sourcesAnswer = okResponse(audienceSourcesSchema);
const countAnswer = okResponse(audienceCountSchema);

/** `GET /api/audience/sources`: my profiles, folders, labels and lists with their consenting contacts. */
export const audienceSourcesQueryOptions = () =>
  queryOptions({
    queryKey: audienceKeys.sources,
    queryFn: async () => (await apiGet('/api/audience/sources', sourcesAnswer)).data,
  });
export const useAudienceSources = () => useQuery(audienceSourcesQueryOptions());

export const isEmptySelector = (s: AudienceSelector) =>
  s.profileIds.length + s.folderIds.length + s.labelIds.length + s.listIds.length === 0;

/** `POST /api/audience/count`: recipients of a selection now (de-duplicated, suppressed ones out). */
export function useAudienceCount(selector: AudienceSelector) {
  return useQuery({
    queryKey: audienceKeys.count(selector),
    queryFn: async () => (await apiSend('POST', '/api/audience/count', selector, countAnswer)).data.recipients,
    enabled: !isEmptySelector(selector),
    placeholderData: keepPreviousData,
  });
}
