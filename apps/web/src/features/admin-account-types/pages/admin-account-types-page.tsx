import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AccountTypeAdmin } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/components/notifications';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { formatNumber } from '@/lib/format';
import { useAccountTypes, useSetAccountTypeActive } from '../api/account-types';
import { AccountTypeModal } from '../components/account-type-modal';

export default function AdminAccountTypesPage() {
  const { t } = useTranslation(['admin-account-types', 'admin', 'pages']);
  usePageTitle(t('pages:admin.tipoCuenta'));
  const locale = useLocale();
  const query = useAccountTypes();
  const [editing, setEditing] = useState<AccountTypeAdmin | 'new' | null>(null);
  const [toggling, setToggling] = useState<AccountTypeAdmin | null>(null);
  const setActive = useSetAccountTypeActive();

  const title = (row: AccountTypeAdmin) => (
    <Text fw={600} size="sm">
      {row.name}
    </Text>
  );
  const columns: DataColumn<AccountTypeAdmin>[] = [
    { key: 'name', header: t('columns.name'), cell: title, hideInCard: true },
    { key: 'code', header: t('columns.code'), cell: (row) => <code>{row.code}</code> },
    { key: 'tax', header: t('columns.requiresTaxId'), cell: (row) => (row.requiresTaxId ? t('yes') : t('no')) },
    { key: 'users', header: t('columns.users'), cell: (row) => formatNumber(row.users, locale) },
    {
      key: 'active',
      header: t('columns.status'),
      cell: (row) => (
        <Badge color={row.active ? 'teal' : 'gray'} variant="light" data-testid="account-type-status">
          {t(row.active ? 'active' : 'inactive')}
        </Badge>
      ),
    },
  ];

  const actions = (row: AccountTypeAdmin) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        onClick={() => setEditing(row)}
        aria-label={t('editAria', { name: row.name })}
        data-testid="account-type-edit"
      >
        {t('edit')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color={row.active ? 'red' : undefined}
        onClick={() => {
          setActive.reset();
          setToggling(row);
        }}
        aria-label={t(row.active ? 'deactivate.aria' : 'activate.aria', { name: row.name })}
        data-testid={row.active ? 'account-type-deactivate' : 'account-type-activate'}
      >
        {t(row.active ? 'deactivate.button' : 'activate.button')}
      </Button>
    </Group>
  );

  const confirm = () => {
    if (!toggling) return;
    const active = !toggling.active;
    setActive.mutate(
      { id: toggling.id, active },
      {
        onSuccess: (saved) => {
          notify('success', t(active ? 'activate.done' : 'deactivate.done', { name: saved.name }));
          setToggling(null);
        },
      },
    );
  };

  const key = toggling?.active ? 'deactivate' : 'activate';
  return (
    <Stack gap="lg" data-testid="admin-account-types-page">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{t('pages:admin.tipoCuenta')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <Button onClick={() => setEditing('new')} data-testid="account-type-create">
          {t('create')}
        </Button>
      </Group>
      <DataTable
        caption={t('pages:admin.tipoCuenta')}
        columns={columns}
        rows={query.data}
        rowKey={(row) => row.id}
        cardTitle={title}
        actions={actions}
        isLoading={query.isPending}
        error={query.isError ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={t('empty')}
        testId="account-types-table"
      />
      <AccountTypeModal
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        editing={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={toggling !== null}
        title={t(`${key}.title`)}
        confirmLabel={t(`${key}.confirm`)}
        danger={key === 'deactivate'}
        loading={setActive.isPending}
        error={setActive.isError ? apiErrorMessage(setActive.error, t) : null}
        onConfirm={confirm}
        onClose={() => setToggling(null)}
      >
        {toggling ? t(`${key}.body`, { name: toggling.name, count: toggling.users, formatted: formatNumber(toggling.users, locale) }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}
