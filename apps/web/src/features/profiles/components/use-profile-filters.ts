import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PROFILE_SORTS, type ProfileListQuery } from '@enlaza/contracts';

export const PAGE_SIZE = 24;
export type FilterKey = 'search' | 'folder' | 'label' | 'sort' | 'dir' | 'page';

export interface ProfileFilters {
  search: string;
  /** A folder id, 'none' (no folder) or undefined (any). */
  folderId: string | undefined;
  labelId: string | undefined;
  sort: ProfileListQuery['sort'];
  dir: ProfileListQuery['dir'];
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** The list's state lives in the URL query, so back/forward, reload and shared links keep it. */
export function useProfileFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<ProfileFilters>(() => {
    const page = Number(params.get('page'));
    const sort = oneOf(PROFILE_SORTS, params.get('sort')) ?? 'updatedAt';
    return {
      search: params.get('search') ?? '',
      folderId: params.get('folder') || undefined,
      labelId: params.get('label') || undefined,
      sort,
      dir: oneOf(['asc', 'desc'] as const, params.get('dir')) ?? (sort === 'name' ? 'asc' : 'desc'),
      page: Number.isInteger(page) && page > 0 ? page : 1,
    };
  }, [params]);

  /** Changes some values; any change but the page goes back to page 1. */
  const update = useCallback(
    (patch: Partial<Record<FilterKey, string | null>>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: options.replace, preventScrollReset: true },
      );
    },
    [setParams],
  );

  return { filters, update };
}

export type UpdateProfileFilters = ReturnType<typeof useProfileFilters>['update'];
