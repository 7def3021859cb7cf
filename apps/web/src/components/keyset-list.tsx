import { useState, type ReactNode } from 'react';
import { Button, Group, Select, TextInput } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from './data-table';

export interface FilterSelectSpec {
  /** The URL parameter it writes. */
  key: string;
  label: string;
  data: { value: string; label: string }[];
  value: string | undefined;
}

interface FilterBarProps {
  /** The list's name: test ids are `<name>-filter-q`, `<name>-filter-<key>`. */
  name: string;
  /** The namespace holding `filters.search`, `filters.searchPlaceholder`, `filters.any`, `filters.apply`, `filters.clear`. */
  ns: string;
  /** The search text in the URL. */
  q: string | undefined;
  /** Writes one URL parameter (`null` removes it). */
  set: (key: string, value: string | null) => void;
  clear: () => void;
  hasFilters: boolean;
  /** Fields between the search box and the selects (e.g. dates). */
  children?: ReactNode;
  selects: FilterSelectSpec[];
}

/**
 * A list's filter bar: a search box written to the URL on submit or blur, other fields, one
 * clearable select per filter, "Search" and (when something is filtered) "Clear filters".
 */
export function FilterBar({ name, ns, q, set, clear, hasFilters, children, selects }: FilterBarProps) {
  const { t } = useTranslation(ns);
  const [search, setSearch] = useState(q ?? '');
  const commit = () => set('q', search.trim() || null);

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        commit();
      }}
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          onBlur={commit}
          style={{ flex: '2 1 14rem' }}
          data-testid={`${name}-filter-q`}
        />
        {children}
        {selects.map((select) => (
          <Select
            key={select.key}
            label={select.label}
            placeholder={t('filters.any')}
            clearable
            data={select.data}
            value={select.value ?? null}
            onChange={(v) => set(select.key, v)}
            style={{ flex: '1 1 10rem' }}
            data-testid={`${name}-filter-${select.key}`}
          />
        ))}
        <Button type="submit" variant="light">
          {t('filters.apply')}
        </Button>
        {hasFilters ? (
          <Button
            variant="subtle"
            onClick={() => {
              setSearch('');
              clear();
            }}
          >
            {t('filters.clear')}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}

/** A date filter (YYYY-MM-DD) written to the URL as it changes; empty removes it. */
export function DateFilter(props: {
  label: string;
  value: string | undefined;
  onChange: (value: string | null) => void;
  error?: string;
  testId?: string;
}) {
  return (
    <TextInput
      type="date"
      label={props.label}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.currentTarget.value || null)}
      error={props.error}
      style={{ flex: '1 1 9rem' }}
      data-testid={props.testId}
    />
  );
}

/** "Load more" under a keyset-paged list, while there is a next page. */
export function LoadMoreButton({
  query,
  label,
  testId,
}: {
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'fetchNextPage' | 'isFetchingNextPage'>;
  label: string;
  testId: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center">
      <Button variant="default" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid={testId}>
        {label}
      </Button>
    </Group>
  );
}

type KeysetQuery<T> = UseInfiniteQueryResult<InfiniteData<{ data: T[] }, unknown>>;

type KeysetTableProps<T> = Omit<DataTableProps<T>, 'rows' | 'isLoading' | 'error' | 'onRetry' | 'testId'> & {
  /** The list's name: test ids are `<name>-table` (and its states) and `<name>-load-more`. */
  name: string;
  query: KeysetQuery<T>;
  loadMoreLabel: string;
};

/**
 * A keyset-paged list: every page loaded so far in one table, its loading, empty and error states
 * (an error after the first page keeps the rows), and "Load more" while there is a next page.
 */
export function KeysetTable<T>({ name, query, loadMoreLabel, ...table }: KeysetTableProps<T>) {
  return (
    <>
      <DataTable
        {...table}
        rows={query.data?.pages.flatMap((page) => page.data)}
        isLoading={query.isPending}
        error={query.isError && !query.data ? query.error : null}
        onRetry={() => void query.refetch()}
        testId={`${name}-table`}
      />
      <LoadMoreButton query={query} label={loadMoreLabel} testId={`${name}-load-more`} />
    </>
  );
}
