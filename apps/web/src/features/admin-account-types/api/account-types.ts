import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountTypeAdminSchema, okResponse, type AccountTypeAdmin, type accountTypeBodySchema } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';
import { accountTypeKeys } from '@/lib/api/admin-keys';

const listSchema = okResponse(z.array(accountTypeAdminSchema));
const oneSchema = okResponse(accountTypeAdminSchema);
export type AccountTypeBody = z.input<typeof accountTypeBodySchema>;

export function accountTypesQueryOptions() {
  return queryOptions({ queryKey: accountTypeKeys.all, queryFn: async () => (await apiGet('/api/admin/account-types', listSchema)).data });
}

/** Every account type with its number of users (active and inactive). */
export function useAccountTypes() {
  return useQuery(accountTypesQueryOptions());
}

/** Create (no id) or edit an account type. */
export function useSaveAccountType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: AccountTypeBody }): Promise<AccountTypeAdmin> =>
      id
        ? (await apiSend('PUT', `/api/admin/account-types/${encodeURIComponent(id)}`, body, oneSchema)).data
        : (await apiSend('POST', '/api/admin/account-types', body, oneSchema)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountTypeKeys.all }),
  });
}

/** Deactivate or activate; account types are never deleted. */
export function useSetAccountTypeActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, active }: { id: string; active: boolean }) =>
      (
        await apiSend(
          'POST',
          `/api/admin/account-types/${encodeURIComponent(id)}/${active ? 'activate' : 'deactivate'}`,
          undefined,
          oneSchema,
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountTypeKeys.all }),
  });
}
