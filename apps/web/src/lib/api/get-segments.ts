import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, segmentSchema, type Segment } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '../http';
import { audienceKeys } from './audience-keys';

const segmentsAnswer = okResponse(z.array(segmentSchema));

/** `GET /api/audience/segments`: my segments, by name (the audience screens, the campaign form and automation steps). */
export async function getSegments(): Promise<Segment[]> {
  return (await apiGet('/api/audience/segments', segmentsAnswer)).data;
}

export const segmentsQueryOptions = () => queryOptions({ queryKey: audienceKeys.segments, queryFn: getSegments });

export const useSegments = () => useQuery(segmentsQueryOptions());
