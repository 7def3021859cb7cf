import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `DELETE /api/sessions/{id}`: that device is signed out at once. */
export async function signOutSession(id: string): Promise<void> {
  await apiSend('DELETE', `/api/sessions/${encodeURIComponent(id)}`, undefined, okResponse(z.object({})));
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'sessions', 'sign-out'],
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.sessions }),
  });
}
