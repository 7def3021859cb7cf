import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, userOptionsSchema, type UserOptions } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

export const optionsResponseSchema = okResponse(userOptionsSchema);
export const optionsQueryKey = ['options'] as const;

/** `GET /api/options`: alias (and the old ones still redirecting) and notification emails. */
export async function getOptions(): Promise<UserOptions> {
  return (await apiGet('/api/options', optionsResponseSchema)).data;
}

export function optionsQueryOptions() {
  return queryOptions({ queryKey: optionsQueryKey, queryFn: getOptions });
}

export function useOptions() {
  return useQuery(optionsQueryOptions());
}
