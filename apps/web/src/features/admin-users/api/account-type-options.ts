import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountTypeAdminSchema, okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { accountTypeKeys } from '@/lib/api/admin-keys';

const responseSchema = okResponse(z.array(accountTypeAdminSchema));

/** Every account type (active or not): the filter lists them all, as old accounts may use any. */
export function accountTypeOptionsQuery() {
  return queryOptions({
    queryKey: accountTypeKeys.all,
    queryFn: async () => (await apiGet('/api/admin/account-types', responseSchema)).data,
    staleTime: 60_000,
  });
}

export function useAccountTypeOptions() {
  return useQuery(accountTypeOptionsQuery());
}
