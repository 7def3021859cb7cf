import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeSessionSchema, okResponse, type ActiveSession } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { optionsKeys } from './get-options';

const sessionsResponseSchema = okResponse(z.array(activeSessionSchema));

/** `GET /api/sessions`: my live sessions, most recently used first, the current one marked. */
export async function getSessions(): Promise<ActiveSession[]> {
  return (await apiGet('/api/sessions', sessionsResponseSchema)).data;
}

export function sessionsQueryOptions() {
  return queryOptions({ queryKey: optionsKeys.sessions, queryFn: getSessions });
}

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
