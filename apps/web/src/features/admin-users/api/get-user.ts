import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserDetailSchema, okResponse } from '@enlaza/contracts';
import { adminUserKeys } from '@/lib/api/admin-keys';
import { apiGet } from '@/lib/http';

export const adminUserResponseSchema = okResponse(adminUserDetailSchema);

export function adminUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminUserKeys.detail(id),
    queryFn: async () => (await apiGet(`/api/admin/users/${encodeURIComponent(id)}`, adminUserResponseSchema)).data,
  });
}

export function useAdminUser(id: string | null) {
  return useQuery({ ...adminUserQueryOptions(id ?? ''), enabled: id !== null });
}
