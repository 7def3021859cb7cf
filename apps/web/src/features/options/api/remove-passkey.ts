import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `DELETE /api/passkeys/{id}`: the passkey no longer signs me in. */
export async function removePasskey(id: string): Promise<void> {
  await apiSend('DELETE', `/api/passkeys/${encodeURIComponent(id)}`, undefined, okResponse(z.object({})));
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'passkeys', 'remove'],
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.passkeys }),
  });
}
