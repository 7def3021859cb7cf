import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminUsersPageSchema } from '@enlaza/contracts';
import type { z } from 'zod';
import { adminUserKeys } from '@/lib/api/admin-keys';
import { apiGet } from '@/lib/http';

const PAGE_SIZE = 10;

/** `GET /api/admin/users?search=`: the first customers whose name or email matches, by name. */
export function searchUsers(term: string): Promise<z.infer<typeof adminUsersPageSchema>> {
  const query = new URLSearchParams({ search: term, pageSize: String(PAGE_SIZE), sort: 'name', dir: 'asc' });
  return apiGet(`/api/admin/users?${query.toString()}`, adminUsersPageSchema);
}

export const searchUsersQueryOptions = (term: string) =>
  queryOptions({
    queryKey: adminUserKeys.list({ search: term, pageSize: PAGE_SIZE }),
    queryFn: () => searchUsers(term),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useSearchUsers = (term: string, enabled: boolean) => useQuery({ ...searchUsersQueryOptions(term), enabled });
