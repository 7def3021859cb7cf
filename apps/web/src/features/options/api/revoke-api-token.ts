import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `DELETE /api/tokens/{id}`: the token stops working at once. */
export async function revokeApiToken(id: string): Promise<void> {
  await apiSend('DELETE', `/api/tokens/${encodeURIComponent(id)}`, undefined, okResponse(z.object({})));
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'api-tokens', 'revoke'],
    mutationFn: revokeApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.apiTokens }),
  });
}
