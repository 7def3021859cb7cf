import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, userOptionsSchema, type UserOptions } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

export const optionsResponseSchema = okResponse(userOptionsSchema);
/** Query keys of Opciones: `all` is also the options' own (alias, notification emails). */
export const optionsKeys = {
  all: ['options'] as const,
  sessions: ['options', 'sessions'] as const,
  apiTokens: ['options', 'api-tokens'] as const,
  twoFactor: ['options', 'two-factor'] as const,
  passkeys: ['options', 'passkeys'] as const,
};

/** `GET /api/options`: alias (and the old ones still redirecting) and notification emails. */
export async function getOptions(): Promise<UserOptions> {
  return (await apiGet('/api/options', optionsResponseSchema)).data;
}

export function optionsQueryOptions() {
  return queryOptions({ queryKey: optionsKeys.all, queryFn: getOptions });
}

export function useOptions() {
  return useQuery(optionsQueryOptions());
}
