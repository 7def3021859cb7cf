import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse, signedOutSessionsSchema, type SignedOutSessions } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `POST /api/sessions/sign-out-others`: every session but this one ends. */
export async function signOutOtherSessions(): Promise<SignedOutSessions> {
  return (await apiSend('POST', '/api/sessions/sign-out-others', undefined, okResponse(signedOutSessionsSchema))).data;
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'sessions', 'sign-out-others'],
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.sessions }),
  });
}
