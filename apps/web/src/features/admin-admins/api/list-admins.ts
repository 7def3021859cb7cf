import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersPageSchema, type AdminUsersQuery } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';

export const adminAdminsKey = ['admin', 'admins'] as const;

function toQueryString(query: Partial<AdminUsersQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function adminAdminsQueryOptions(query: Partial<AdminUsersQuery>) {
  return queryOptions({
    queryKey: [...adminAdminsKey, query],
    queryFn: () => apiGet(`/api/admin/admins${toQueryString(query)}`, adminUsersPageSchema),
    placeholderData: keepPreviousData,
  });
}

/** Administrators, one bounded page at a time. */
export function useAdminAdmins(query: Partial<AdminUsersQuery>) {
  return useQuery(adminAdminsQueryOptions(query));
}
