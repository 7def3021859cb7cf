import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, segmentSchema, type Segment } from '@enlaza/contracts';
import { audienceKeys } from '@/lib/api/audience-keys';
import { apiGet } from '@/lib/http';

const segmentAnswer = okResponse(segmentSchema);

/** `GET /api/audience/segments/{id}`: one of my segments. */
export async function getSegment(id: string): Promise<Segment> {
  return (await apiGet(`/api/audience/segments/${encodeURIComponent(id)}`, segmentAnswer)).data;
}

export const segmentQueryOptions = (id: string) =>
  queryOptions({ queryKey: audienceKeys.segment(id), queryFn: () => getSegment(id), enabled: id !== '' });

export const useSegment = (id: string) => useQuery(segmentQueryOptions(id));
