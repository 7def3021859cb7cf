import { LoadError, LoadingRows } from '@/components/load-states';
import type { ReactNode } from 'react';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import './data-table.css';

export interface DataColumn<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Server sort key; the header becomes a sort button. */
  sortKey?: string;
  /** Not repeated in the phone card (e.g. the column used as the card's title). */
  hideInCard?: boolean;
}

export interface SortState {
  key: string;
  dir: 'asc' | 'desc';
}

export interface DataTableProps<T> {
  caption: string;
  columns: DataColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** The card's heading on phones (usually the name with its open button). */
  cardTitle: (row: T) => ReactNode;
  /** Buttons shown at the end of each row and at the bottom of each card. */
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
  sort?: SortState;
  onSort?: (key: string) => void;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  emptyText: string;
  testId?: string;
}

function SortIcon({ dir }: { dir: 'asc' | 'desc' | null }) {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden>
      {dir === 'asc' ? <path d="M6 15l6-6 6 6" /> : dir === 'desc' ? <path d="M6 9l6 6 6-6" /> : <path d="M7 10l5-5 5 5M7 14l5 5 5-5" />}
    </svg>
  );
}

/**
 * A list screen's table with its loading, empty and error states. From the `sm` breakpoint it is
 * a table with sortable headers; on phones every row becomes a card with labelled values.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation('admin');
  const { caption, columns, rows, rowKey, cardTitle, actions, actionsHeader, sort, onSort, isLoading, error, onRetry, emptyText, testId } =
    props;

  if (error) return <LoadError error={error} onRetry={onRetry} testId={testId ? `${testId}-error` : undefined} />;
  if (isLoading || !rows) return <LoadingRows rows={5} height={36} radius="sm" testId={testId ? `${testId}-loading` : undefined} />;
  if (rows.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center" data-testid={testId ? `${testId}-empty` : undefined}>
        {emptyText}
      </Text>
    );
  }

  const ariaSort = (column: DataColumn<T>) =>
    column.sortKey && sort?.key === column.sortKey ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;

  return (
    <div data-testid={testId}>
      <Table.ScrollContainer minWidth={720} className="data-table-wide">
        <Table striped highlightOnHover verticalSpacing="xs">
          <Table.Caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} aria-sort={ariaSort(column)} scope="col">
                  {column.sortKey && onSort ? (
                    <button
                      type="button"
                      className="data-table-sort"
                      onClick={() => onSort(column.sortKey!)}
                      data-testid={`sort-${column.sortKey}`}
                    >
                      {column.header}
                      <SortIcon dir={sort?.key === column.sortKey ? sort.dir : null} />
                    </button>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              ))}
              {actions ? <Table.Th scope="col">{actionsHeader ?? t('list.actions')}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)} data-testid="data-row">
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.cell(row)}</Table.Td>
                ))}
                {actions ? <Table.Td>{actions(row)}</Table.Td> : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ul className="data-table-cards" aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="data-table-card" data-testid="data-card">
            <div>{cardTitle(row)}</div>
            <dl>
              {columns
                .filter((column) => !column.hideInCard)
                .map((column) => (
                  <div key={column.key} style={{ display: 'contents' }}>
                    <dt>{column.header}</dt>
                    <dd>{column.cell(row)}</dd>
                  </div>
                ))}
            </dl>
            {actions ? <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>{actions(row)}</div> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
