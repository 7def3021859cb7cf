import { queryOptions, useQuery } from '@tanstack/react-query';
import { audienceSourcesSchema, okResponse, type AudienceSources } from '@enlaza/contracts';
import { apiGet } from '../http';
import { audienceKeys } from './audience-keys';

const sourcesAnswer = okResponse(audienceSourcesSchema);

/** `GET /api/audience/sources`: my profiles, folders, labels and lists with their consenting contacts. */
export async function getAudienceSources(): Promise<AudienceSources> {
  return (await apiGet('/api/audience/sources', sourcesAnswer)).data;
}

export const audienceSourcesQueryOptions = () => queryOptions({ queryKey: audienceKeys.sources, queryFn: getAudienceSources });

export const useAudienceSources = () => useQuery(audienceSourcesQueryOptions());
