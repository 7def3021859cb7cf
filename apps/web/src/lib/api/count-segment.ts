import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { okResponse, segmentCountSchema } from '@enlaza/contracts';
import { apiGet } from '../http';
import { audienceKeys } from './audience-keys';

const countAnswer = okResponse(segmentCountSchema);

/** `GET /api/audience/segments/{id}/count`: the people a saved segment selects now. */
export async function countSegment(id: string): Promise<number> {
  return (await apiGet(`/api/audience/segments/${encodeURIComponent(id)}/count`, countAnswer)).data.people;
}

export const segmentCountQueryOptions = (id: string) =>
  queryOptions({ queryKey: audienceKeys.segmentCount(id), queryFn: () => countSegment(id) });

export const useSegmentCount = (id: string) => useQuery(segmentCountQueryOptions(id));

/** The counts of several segments at once (by id; undefined while one is counted or when it failed). */
export function useSegmentCounts(ids: string[]): Record<string, number | undefined> {
  const results = useQueries({ queries: ids.map((id) => segmentCountQueryOptions(id)) });
  return Object.fromEntries(ids.map((id, i) => [id, results[i]?.data]));
}
