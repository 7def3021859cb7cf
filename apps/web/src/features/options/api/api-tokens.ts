import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiTokenSchema,
  createdApiTokenSchema,
  okResponse,
  type ApiToken,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `GET /api/tokens`: my personal access tokens, newest first, never their secrets. */
export async function getApiTokens(): Promise<ApiToken[]> {
  return (await apiGet('/api/tokens', okResponse(z.array(apiTokenSchema)))).data;
}

export function useApiTokens() {
  return useQuery(queryOptions({ queryKey: optionsKeys.apiTokens, queryFn: getApiTokens }));
}

/** `POST /api/tokens`: the answer holds the secret, which is never shown again. */
export async function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiToken> {
  return (await apiSend('POST', '/api/tokens', body, okResponse(createdApiTokenSchema))).data;
}

/** `DELETE /api/tokens/{id}`: the token stops working at once. */
export async function revokeApiToken(id: string): Promise<void> {
  await apiSend('DELETE', `/api/tokens/${encodeURIComponent(id)}`, undefined, okResponse(z.object({})));
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'api-tokens', 'create'],
    mutationFn: createApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.apiTokens }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'api-tokens', 'revoke'],
    mutationFn: revokeApiToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: optionsKeys.apiTokens }),
  });
}
