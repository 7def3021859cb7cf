import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createdApiTokenSchema, okResponse, type CreateApiTokenBody, type CreatedApiToken } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `POST /api/tokens`: the answer holds the secret, which is never shown again. */
export async function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiToken> {
  return (await apiSend('POST', '/api/tokens', body, okResponse(createdApiTokenSchema))).data;
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'api-tokens', 'create'],
    mutationFn: createApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.apiTokens }),
  });
}
