import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, twoFactorStatusSchema, type TwoFactorStatus } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { optionsKeys } from './get-options';

/** `GET /api/two-factor`: on or off, recovery codes left, required of this account or not. */
export async function getTwoFactor(): Promise<TwoFactorStatus> {
  return (await apiGet('/api/two-factor', okResponse(twoFactorStatusSchema))).data;
}

export const twoFactorQueryOptions = () => queryOptions({ queryKey: optionsKeys.twoFactor, queryFn: getTwoFactor });

export function useTwoFactor() {
  return useQuery(twoFactorQueryOptions());
}
