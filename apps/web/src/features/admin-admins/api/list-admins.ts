import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersPageSchema, type AdminUsersQuery } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

/** Query keys of the administrators' list. */
export const adminAdminKeys = {
  all: ['admin', 'admins'] as const,
  list: (query: object) => ['admin', 'admins', query] as const,
};

function toQueryString(query: Partial<AdminUsersQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function adminAdminsQueryOptions(query: Partial<AdminUsersQuery>) {
  return queryOptions({
    queryKey: adminAdminKeys.list(query),
    queryFn: () => apiGet(`/api/admin/admins${toQueryString(query)}`, adminUsersPageSchema),
    placeholderData: keepPreviousData,
  });
}

/** Administrators, one bounded page at a time. */
export function useAdminAdmins(query: Partial<AdminUsersQuery>) {
  return useQuery(adminAdminsQueryOptions(query));
}
