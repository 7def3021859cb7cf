import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiTokenSchema, okResponse, type ApiToken } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `GET /api/tokens`: my personal access tokens, newest first, never their secrets. */
export async function getApiTokens(): Promise<ApiToken[]> {
  return (await apiGet('/api/tokens', okResponse(z.array(apiTokenSchema)))).data;
}

export const apiTokensQueryOptions = () => queryOptions({ queryKey: optionsKeys.apiTokens, queryFn: getApiTokens });

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}
