import { z } from 'zod';
import { okResponse } from './common.js';

/** A background job that used up its retries (admin: GET /api/admin/jobs/failed). */
export const failedJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  data: z.unknown(),
  retryCount: z.number().int(),
  error: z.string().nullable(),
  createdOn: z.string(),
  failedOn: z.string().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;
export const failedJobsResponseSchema = okResponse(z.array(failedJobSchema));
/** Retrying a failed job answers the new job's id; discarding one, the discarded job's. */
export const failedJobActionResponseSchema = okResponse(z.object({ id: z.string() }));
