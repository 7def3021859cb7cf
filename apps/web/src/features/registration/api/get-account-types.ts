import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountTypeSchema, okResponse, type AccountType } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { registrationKeys } from './keys';

const accountTypesResponseSchema = okResponse(z.array(accountTypeSchema));

/** `GET /api/account-types`: the active account types a visitor can register with. */
export async function getAccountTypes(): Promise<AccountType[]> {
  return (await apiGet('/api/account-types', accountTypesResponseSchema)).data;
}

export function accountTypesQueryOptions() {
  return queryOptions({ queryKey: registrationKeys.accountTypes, queryFn: getAccountTypes, staleTime: 5 * 60_000 });
}

export function useAccountTypes() {
  return useQuery(accountTypesQueryOptions());
}
