import { okResponse, segmentSchema, type Segment, type SegmentBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useAudienceMutation } from './use-audience-mutation';

const segmentAnswer = okResponse(segmentSchema);

/** `POST /api/audience/segments` (a new one, `id` null) or `PATCH /api/audience/segments/{id}`. */
export async function saveSegment({ id, body }: { id: string | null; body: SegmentBody }): Promise<Segment> {
  const path = id === null ? '/api/audience/segments' : `/api/audience/segments/${encodeURIComponent(id)}`;
  return (await apiSend(id === null ? 'POST' : 'PATCH', path, body, segmentAnswer)).data;
}

export const useSaveSegment = () => useAudienceMutation(saveSegment);
