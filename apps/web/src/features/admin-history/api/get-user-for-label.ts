import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminUserDetailSchema, okResponse, type AdminUserDetail } from '@enlaza/contracts';
import { adminUserKeys } from '@/lib/api/admin-keys';
import { apiGet } from '@/lib/http';

const userDetailSchema = okResponse(adminUserDetailSchema);

/** `GET /api/admin/users/{id}`: one customer's detail (the history labels a user with its name and email). */
export async function getUserForLabel(id: string): Promise<AdminUserDetail> {
  return (await apiGet(`/api/admin/users/${encodeURIComponent(id)}`, userDetailSchema)).data;
}

export const userForLabelQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminUserKeys.detail(id), queryFn: () => getUserForLabel(id) });

/** One customer's name and email, to label a user chosen from the URL. */
export function useUserForLabel(id: string | undefined, enabled: boolean) {
  return useQuery({ ...userForLabelQueryOptions(id ?? ''), enabled: Boolean(id) && enabled, retry: false });
}
