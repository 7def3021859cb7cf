import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { FileKind } from '@enlaza/contracts';

export const SORTS = ['createdAt-desc', 'createdAt-asc', 'name-asc', 'name-desc', 'size-desc', 'size-asc'] as const;
export type Sort = (typeof SORTS)[number];

/** What the Nube lists: the search (debounced), the kind, the order, the view, live files or the trash, and the page. */
export function useCloudFilters() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [kind, setKind] = useState<FileKind | null>(null);
  const [sort, setSort] = useState<Sort>('createdAt-desc');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [trash, setTrash] = useState(false);
  const [page, setPage] = useState(1);
  return { search, setSearch, debounced, kind, setKind, sort, setSort, view, setView, trash, setTrash, page, setPage };
}

export type CloudFilters = ReturnType<typeof useCloudFilters>;
