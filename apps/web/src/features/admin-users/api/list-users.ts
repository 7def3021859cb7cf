import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersPageSchema, type AdminUsersQuery } from '@enlaza/contracts';
import { adminUserKeys } from '@/lib/api/admin-keys';
import { apiGet } from '@/lib/http';

export type UsersListQuery = Partial<AdminUsersQuery>;

/** Query string of the set values only, e.g. `?search=ana&page=2`. */
export function toQueryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function adminUsersQueryOptions(query: UsersListQuery) {
  return queryOptions({
    queryKey: adminUserKeys.list(query),
    queryFn: () => apiGet(`/api/admin/users${toQueryString(query)}`, adminUsersPageSchema),
    placeholderData: keepPreviousData,
  });
}

/** One page of customers (role user), with the total for the pager. */
export function useAdminUsers(query: UsersListQuery) {
  return useQuery(adminUsersQueryOptions(query));
}
