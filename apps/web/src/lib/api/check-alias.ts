import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { aliasCheckSchema, okResponse, type AliasCheck } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

const aliasCheckResponseSchema = okResponse(aliasCheckSchema);

/** `GET /api/register/alias`: is the alias valid and free, and a free suggestion. */
export async function checkAlias(alias: string, name: string): Promise<AliasCheck> {
  const query = new URLSearchParams({ alias, name });
  return (await apiGet(`/api/register/alias?${query.toString()}`, aliasCheckResponseSchema)).data;
}

/** Query keys of the alias checks: a refusal of an alias at sign-up invalidates `all` (it was taken meanwhile). */
export const aliasCheckKeys = {
  all: ['register', 'alias'] as const,
  check: (alias: string, name: string) => [...aliasCheckKeys.all, alias, name] as const,
};

export function aliasCheckQueryOptions(alias: string, name: string) {
  return queryOptions({
    queryKey: aliasCheckKeys.check(alias, name),
    queryFn: () => checkAlias(alias, name),
    enabled: alias.length > 0,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

export function useAliasCheckQuery(alias: string, name: string) {
  return useQuery(aliasCheckQueryOptions(alias, name));
}
