import { useMemo, useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CatalogueAdmin, CatalogueKind } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/components/notifications';
import { usePageTitle } from '@/components/use-page-title';
import { useLocale } from '@/components/use-locale';
import { formatNumber } from '@/lib/format';
import { useCatalogue, useCatalogueAction } from '../api/catalogue';
import { CatalogueFilters, type CatalogueStatus } from './catalogue-filters';
import { CatalogueForm, type FieldSpec, type Values } from './catalogue-form';
import { CatalogueRowActions, type CatalogueAction } from './catalogue-row-actions';
import { LANGUAGES, type Texts } from './catalogue-texts';

type Row = {
  id: string;
  name: string;
  active: boolean;
  uses: number;
  /** Plans and offers: their subscriptions running now. */
  running?: number;
  names?: { en: string; es: string; jp: string };
  descriptions?: { en: string; es: string; jp: string };
};

export interface CatalogueScreen<K extends CatalogueKind> {
  kind: K;
  titleKey: string;
  /** Whether items have names and descriptions in en/es/jp (offers are named after their plan and period). */
  hasTexts: boolean;
  fields: FieldSpec[];
  /** The form's starting values: an item's, or a new one's. */
  initial: (row: CatalogueAdmin[K] | null) => Values;
  columns: DataColumn<CatalogueAdmin[K]>[];
  /** Extra words to search in (codes, plan names…). */
  searchText?: (row: CatalogueAdmin[K]) => string;
  prepare?: (body: Record<string, unknown>) => void;
  /** Still loading what the form's lists need. */
  pending?: boolean;
}

/** The names and descriptions of an item as form values. */
export function textValues(row: Row | null): { names: Texts; descriptions: Texts } {
  const text = (of: Partial<Texts> | undefined) => Object.fromEntries(LANGUAGES.map((l) => [l, of?.[l] ?? ''])) as Texts;
  return { names: text(row?.names), descriptions: text(row?.descriptions) };
}

/**
 * One admin catalogue screen: the list with a search and an active filter, create and edit in a
 * dialog, deactivate and reactivate, and delete for an item nothing uses (one in use only deactivates).
 */
export function CataloguePage<K extends CatalogueKind>({ screen }: { screen: CatalogueScreen<K> }) {
  const { kind } = screen;
  const { t } = useTranslation(['admin-catalogue', 'admin', 'pages']);
  const locale = useLocale();
  const title = t(screen.titleKey);
  usePageTitle(title);
  const query = useCatalogue(kind);
  const act = useCatalogueAction(kind);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<CatalogueStatus>('all');
  const [editing, setEditing] = useState<CatalogueAdmin[K] | 'new' | null>(null);
  const [confirming, setConfirming] = useState<{ row: CatalogueAdmin[K]; action: CatalogueAction } | null>(null);

  const rows = useMemo(() => {
    const needle = search.trim().toLocaleLowerCase();
    return query.data?.filter((row) => {
      const r = row as Row;
      if (status !== 'all' && r.active !== (status === 'active')) return false;
      if (!needle) return true;
      const hay = [r.name, ...Object.values(r.names ?? {}), screen.searchText?.(row) ?? ''].join(' ').toLocaleLowerCase();
      return hay.includes(needle);
    });
  }, [query.data, search, status, screen]);

  const nameCell = (row: CatalogueAdmin[K]) => (
    <Text fw={600} size="sm">
      {(row as Row).name}
    </Text>
  );
  const columns: DataColumn<CatalogueAdmin[K]>[] = [
    { key: 'name', header: t('columns.name'), cell: nameCell, hideInCard: true },
    ...screen.columns,
    // Plans and offers show their subscriptions running now, the admin dashboard's figure; the other
    // kinds every record that points at them (what keeps an item from being deleted).
    kind === 'plans' || kind === 'offers'
      ? { key: 'running', header: t('columns.running'), cell: (row) => formatNumber((row as Row).running ?? 0, locale) }
      : { key: 'uses', header: t(`columns.usesOf.${kind}`), cell: (row) => formatNumber((row as Row).uses, locale) },
    {
      key: 'active',
      header: t('columns.status'),
      cell: (row) => (
        <Badge color={(row as Row).active ? 'teal' : 'gray'} variant="light" data-testid="catalogue-status">
          {t((row as Row).active ? 'active' : 'inactive')}
        </Badge>
      ),
    },
  ];

  const open = (row: CatalogueAdmin[K], action: CatalogueAction) => {
    act.reset();
    setConfirming({ row, action });
  };
  const actions = (row: CatalogueAdmin[K]) => (
    <CatalogueRowActions row={row} onEdit={() => setEditing(row)} onAction={(action) => open(row, action)} />
  );

  const confirm = () => {
    if (!confirming) return;
    const { row, action } = confirming;
    act.mutate(
      { id: row.id, action },
      {
        onSuccess: () => {
          notify('success', t(`${action}.done`, { name: (row as Row).name }));
          setConfirming(null);
        },
      },
    );
  };

  const editingRow = editing === 'new' ? null : editing;
  return (
    <Stack gap="lg" data-testid={`admin-catalogue-${kind}`}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t(`kinds.${kind}.subtitle`)}</Text>
        </div>
        <Button onClick={() => setEditing('new')} disabled={screen.pending} data-testid="catalogue-create">
          {t(`kinds.${kind}.create`)}
        </Button>
      </Group>
      <CatalogueFilters kind={kind} search={search} onSearch={setSearch} status={status} onStatus={setStatus} />
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        cardTitle={nameCell}
        actions={actions}
        actionsHeader={t('columns.actions')}
        isLoading={query.isPending}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={query.data && query.data.length > 0 ? t('noMatch') : t(`kinds.${kind}.empty`)}
        testId="catalogue-table"
      />
      {editing !== null ? (
        <CatalogueForm
          key={editingRow?.id ?? 'new'}
          kind={kind}
          editing={editing}
          initial={{ ...(screen.hasTexts ? textValues(editingRow) : {}), ...screen.initial(editingRow) }}
          fields={screen.fields}
          hasTexts={screen.hasTexts}
          prepare={screen.prepare}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming ? t(`${confirming.action}.title`) : ''}
        confirmLabel={confirming ? t(`${confirming.action}.confirm`) : ''}
        danger={confirming?.action !== 'activate'}
        loading={act.isPending}
        error={act.isError ? apiErrorMessage(act.error, t) : null}
        onConfirm={confirm}
        onClose={() => setConfirming(null)}
      >
        {confirming
          ? t(`${confirming.action}.body`, {
              name: (confirming.row as Row).name,
              count: (confirming.row as Row).uses,
              formatted: formatNumber((confirming.row as Row).uses, locale),
            })
          : ''}
      </ConfirmDialog>
    </Stack>
  );
}
