import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activeSessionSchema, okResponse, signedOutSessionsSchema, type ActiveSession, type SignedOutSessions } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';
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

/** `DELETE /api/sessions/{id}`: that device is signed out at once. */
export async function signOutSession(id: string): Promise<void> {
  await apiSend('DELETE', `/api/sessions/${encodeURIComponent(id)}`, undefined, okResponse(z.object({})));
}

/** `POST /api/sessions/sign-out-others`: every session but this one ends. */
export async function signOutOtherSessions(): Promise<SignedOutSessions> {
  return (await apiSend('POST', '/api/sessions/sign-out-others', undefined, okResponse(signedOutSessionsSchema))).data;
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'sessions', 'sign-out'],
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.sessions }),
  });
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'sessions', 'sign-out-others'],
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.sessions }),
  });
}
