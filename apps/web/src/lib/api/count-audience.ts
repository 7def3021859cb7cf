import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { audienceCountSchema, okResponse, type AudienceSelector } from '@enlaza/contracts';
import { apiSend } from '../http';
import { audienceKeys, isEmptySelector } from './audience-keys';

const countAnswer = okResponse(audienceCountSchema);

/** `POST /api/audience/count`: recipients of a selection now (de-duplicated, suppressed ones out). */
export async function countAudience(selector: AudienceSelector): Promise<number> {
  return (await apiSend('POST', '/api/audience/count', selector, countAnswer)).data.recipients;
}

export const audienceCountQueryOptions = (selector: AudienceSelector) =>
  queryOptions({
    queryKey: audienceKeys.count(selector),
    queryFn: () => countAudience(selector),
    enabled: !isEmptySelector(selector),
    placeholderData: keepPreviousData,
  });

export const useAudienceCount = (selector: AudienceSelector) => useQuery(audienceCountQueryOptions(selector));
