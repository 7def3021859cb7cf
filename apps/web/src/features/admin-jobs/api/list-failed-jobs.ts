import { queryOptions, useQuery } from '@tanstack/react-query';
import { failedJobsResponseSchema } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

/** Query keys of the failed jobs. */
export const failedJobKeys = { all: ['admin', 'jobs', 'failed'] as const };

export function failedJobsQueryOptions() {
  return queryOptions({
    queryKey: failedJobKeys.all,
    queryFn: async () => (await apiGet('/api/admin/jobs/failed', failedJobsResponseSchema)).data,
  });
}

/** `GET /api/admin/jobs/failed`: jobs that used up their retries, newest first. */
export function useFailedJobs() {
  return useQuery(failedJobsQueryOptions());
}
