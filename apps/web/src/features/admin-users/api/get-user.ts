import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserDetailSchema, okResponse } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { adminUsersKey } from './list-users';

export const adminUserResponseSchema = okResponse(adminUserDetailSchema);

export const adminUserKey = (id: string) => [...adminUsersKey, 'detail', id] as const;

export function adminUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminUserKey(id),
    queryFn: async () => (await apiGet(`/api/admin/users/${encodeURIComponent(id)}`, adminUserResponseSchema)).data,
  });
}

export function useAdminUser(id: string | null) {
  return useQuery({ ...adminUserQueryOptions(id ?? ''), enabled: id !== null });
}
