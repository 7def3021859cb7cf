import { Anchor, Badge, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '@enlaza/contracts';
import { DataTable, type DataColumn } from '@/components/data-table';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { UserStatusBadge } from '@/components/user-status-badge';
import { formatDate, formatNumber } from '@/lib/format';
import { useAdminUsers } from '../api/list-users';
import { UserDetailDrawer } from '../components/user-detail-drawer';
import { PAGE_SIZE, useUsersFilters } from '../components/use-users-filters';
import { UsersFiltersBar } from '../components/users-filters-bar';

export default function AdminUsersPage() {
  const { t } = useTranslation(['admin-users', 'admin', 'pages']);
  usePageTitle(t('pages:admin.users'));
  const locale = useLocale();
  const { filters, update } = useUsersFilters();
  const query = useAdminUsers({
    search: filters.search || undefined,
    status: filters.status,
    accountTypeId: filters.accountTypeId,
    planCode: filters.planCode,
    team: filters.team,
    sort: filters.sort,
    dir: filters.dir,
    page: filters.page,
    pageSize: PAGE_SIZE,
  });
  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const none = t('admin:none');

  const open = (row: AdminUserRow) => update({ user: row.id });
  const nameButton = (row: AdminUserRow) => (
    <Anchor
      component="button"
      type="button"
      fw={600}
      onClick={() => open(row)}
      data-testid="user-open"
      ta="start"
      style={{ overflowWrap: 'anywhere' }}
    >
      {row.name}
    </Anchor>
  );

  const columns: DataColumn<AdminUserRow>[] = [
    { key: 'name', header: t('columns.name'), sortKey: 'name', cell: nameButton, hideInCard: true },
    {
      key: 'email',
      header: t('columns.email'),
      sortKey: 'email',
      cell: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.email}
        </Text>
      ),
    },
    { key: 'status', header: t('columns.status'), cell: (row) => <UserStatusBadge status={row.status} /> },
    { key: 'accountType', header: t('columns.accountType'), cell: (row) => row.accountType ?? none },
    { key: 'plan', header: t('columns.plan'), cell: (row) => (row.plan ? <Badge variant="outline">{row.plan}</Badge> : none) },
    {
      key: 'team',
      header: t('columns.team'),
      cell: (row) =>
        row.team ? (
          <Group gap={6} wrap="wrap" data-testid="user-team">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {row.team.name}
            </Text>
            <Badge variant="light" color={row.team.role === 'owner' ? 'blue' : 'gray'} tt="none">
              {t(`team.roles.${row.team.role}`)}
            </Badge>
          </Group>
        ) : (
          none
        ),
    },
    { key: 'createdAt', header: t('columns.createdAt'), sortKey: 'createdAt', cell: (row) => formatDate(row.createdAt, locale) },
  ];

  const onSort = (key: string) => {
    const dir = filters.sort === key ? (filters.dir === 'asc' ? 'desc' : 'asc') : key === 'createdAt' ? 'desc' : 'asc';
    update({ sort: key, dir });
  };

  return (
    <Stack gap="lg" data-testid="admin-users-page">
      <div>
        <Title order={1}>{t('pages:admin.users')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      <UsersFiltersBar filters={filters} update={update} />
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="users-total">
          {query.data ? t('total', { count: total, formatted: formatNumber(total, locale) }) : '\u00a0'}
        </Text>
      </Group>
      <DataTable
        caption={t('pages:admin.users')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        cardTitle={nameButton}
        sort={{ key: filters.sort, dir: filters.dir }}
        onSort={onSort}
        isLoading={query.isLoading}
        error={query.isError && !query.data ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={t('empty')}
        testId="users-table"
      />
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(filters.page, pages)}
          onChange={(page) => update({ page: String(page) })}
          withEdges
          siblings={1}
          getControlProps={(control) => ({ 'aria-label': t(`admin:pager.${control}`) })}
          getItemProps={(page) => ({ 'aria-label': t('admin:pager.page', { page }) })}
          data-testid="users-pager"
        />
      ) : null}
      <UserDetailDrawer userId={filters.user} onClose={() => update({ user: null })} />
    </Stack>
  );
}
