import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { USER_SORTS, USER_STATUSES, type AdminUsersQuery } from '@enlaza/contracts';

export const PAGE_SIZE = 25;
/** The admin's Teams filter (`team` of the list's query). */
export const TEAM_FILTERS = ['member', 'owner', 'none'] as const satisfies readonly NonNullable<AdminUsersQuery['team']>[];

export interface UsersFilters {
  search: string;
  status: AdminUsersQuery['status'];
  accountTypeId: string | undefined;
  planCode: string | undefined;
  /** In a team (any role), owning one, or in none. */
  team: AdminUsersQuery['team'];
  sort: AdminUsersQuery['sort'];
  dir: AdminUsersQuery['dir'];
  page: number;
  /** The customer open in the detail drawer. */
  user: string | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The list's state lives in the URL query, so back/forward and reload keep it. */
export function useUsersFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<UsersFilters>(() => {
    const page = Number(params.get('page'));
    return {
      search: params.get('search') ?? '',
      status: oneOf(USER_STATUSES, params.get('status')),
      accountTypeId: params.get('type') || undefined,
      planCode: params.get('plan') || undefined,
      team: oneOf(TEAM_FILTERS, params.get('team')),
      sort: oneOf(USER_SORTS, params.get('sort')) ?? 'createdAt',
      dir: oneOf(['asc', 'desc'] as const, params.get('dir')) ?? 'desc',
      page: Number.isInteger(page) && page > 0 ? page : 1,
      user: params.get('user'),
    };
  }, [params]);

  /** Changes some values; any change but the page (or the open user) goes back to page 1. */
  const update = useCallback(
    (
      patch: Partial<Record<'search' | 'status' | 'type' | 'plan' | 'team' | 'sort' | 'dir' | 'page' | 'user', string | null>>,
      options: { replace?: boolean } = {},
    ) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in patch) && !('user' in patch)) next.delete('page');
          return next;
        },
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return { filters, update };
}

export type UpdateUsersFilters = ReturnType<typeof useUsersFilters>['update'];
