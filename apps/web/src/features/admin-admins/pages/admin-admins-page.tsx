import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Group, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataColumn } from '@/components/data-table';
import { notify } from '@/components/notifications';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { UserStatusBadge } from '@/components/user-status-badge';
import { formatDate, formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useSetAdminEnabled } from '../api/set-admin-enabled';
import { useAdminAdmins } from '../api/list-admins';
import { AdminName } from '../components/admin-name';
import { InviteAdminModal } from '../components/invite-admin-modal';

const PAGE_SIZE = 25;

type Target = { row: AdminUserRow; enable: boolean };

export default function AdminAdminsPage() {
  const { t } = useTranslation(['admin-admins', 'admin', 'pages']);
  usePageTitle(t('pages:admin.admins'));
  const locale = useLocale();
  const { user: me } = useSession();
  const { page, search, typed, type, goToPage } = useSearchAndPage();
  const query = useAdminAdmins({ search: search || undefined, page, pageSize: PAGE_SIZE, sort: 'name', dir: 'asc' });
  const [inviting, setInviting] = useState(false);
  const [target, setTarget] = useState<Target | null>(null);
  const total = query.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const isMe = (row: AdminUserRow) => row.id === me?.id;
  const name = (row: AdminUserRow) => <AdminName row={row} isMe={isMe(row)} />;

  const columns: DataColumn<AdminUserRow>[] = [
    { key: 'name', header: t('columns.name'), cell: name, hideInCard: true },
    {
      key: 'email',
      header: t('columns.email'),
      cell: (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.email}
        </Text>
      ),
    },
    { key: 'status', header: t('columns.status'), cell: (row) => <UserStatusBadge status={row.status} /> },
    { key: 'createdAt', header: t('columns.createdAt'), cell: (row) => formatDate(row.createdAt, locale) },
  ];

  return (
    <Stack gap="lg" data-testid="admin-admins-page">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1}>{t('pages:admin.admins')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <Button onClick={() => setInviting(true)} data-testid="invite-admin">
          {t('invite.button')}
        </Button>
      </Group>
      <TextInput
        type="search"
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        value={typed}
        onChange={(event) => type(event.currentTarget.value)}
        maw={420}
        data-testid="admins-search"
      />
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="admins-total">
        {query.data ? t('total', { count: total, formatted: formatNumber(total, locale) }) : '\u00a0'}
      </Text>
      <DataTable
        caption={t('pages:admin.admins')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        cardTitle={name}
        actions={(row) => <RowAction row={row} isMe={isMe(row)} onToggle={setTarget} />}
        isLoading={query.isLoading}
        error={query.isError && !query.data ? query.error : null}
        onRetry={() => void query.refetch()}
        emptyText={t('empty')}
        testId="admins-table"
      />
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={goToPage}
          getControlProps={(control) => ({ 'aria-label': t(`admin:pager.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('admin:pager.page', { page: p }) })}
        />
      ) : null}
      <InviteAdminModal opened={inviting} onClose={() => setInviting(false)} />
      <ToggleAdminDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}

/** The page and the search, kept in the URL (the search replaces the history entry and goes back to page 1). */
function useSearchAndPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(params.get('search') ?? '');
  const [search] = useDebouncedValue(typed.trim(), 350);

  const setQuery = (patch: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: 'search' in patch },
    );

  return {
    page,
    search,
    typed,
    type: (value: string) => {
      setTyped(value);
      setQuery({ search: value.trim() || null, page: null });
    },
    goToPage: (next: number) => setQuery({ page: String(next) }),
  };
}

/** A row's action: enable or disable that administrator; one's own row says why there is none. */
function RowAction({ row, isMe, onToggle }: { row: AdminUserRow; isMe: boolean; onToggle: (target: Target) => void }) {
  const { t } = useTranslation('admin-admins');
  if (isMe)
    return (
      <Text size="xs" c="dimmed">
        {t('selfHint')}
      </Text>
    );
  const enable = row.status !== 'active';
  return (
    <Button
      size="xs"
      variant={enable ? 'default' : 'light'}
      color={enable ? undefined : 'red'}
      onClick={() => onToggle({ row, enable })}
      aria-label={t(enable ? 'enable.aria' : 'disable.aria', { name: row.name })}
      data-testid={enable ? 'admin-enable' : 'admin-disable'}
    >
      {t(enable ? 'enable.button' : 'disable.button')}
    </Button>
  );
}

/** Asks before enabling or disabling an administrator, then does it and says so. */
function ToggleAdminDialog({ target, onClose }: { target: Target | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-admins', 'admin']);
  const toggle = useSetAdminEnabled();
  // Closed, the last attempt is forgotten: the next one opens without its error.
  const close = () => {
    toggle.reset();
    onClose();
  };

  const confirm = () => {
    if (!target) return;
    toggle.mutate(
      { id: target.row.id, enabled: target.enable },
      {
        onSuccess: () => {
          notify('success', t(target.enable ? 'enable.done' : 'disable.done', { name: target.row.name }));
          close();
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={target !== null}
      title={target ? t(target.enable ? 'enable.title' : 'disable.title') : ''}
      confirmLabel={target ? t(target.enable ? 'enable.confirm' : 'disable.confirm') : ''}
      danger={target ? !target.enable : false}
      loading={toggle.isPending}
      error={toggle.isError ? apiErrorMessage(toggle.error, t) : null}
      onConfirm={confirm}
      onClose={close}
    >
      {target ? t(target.enable ? 'enable.body' : 'disable.body', { name: target.row.name, email: target.row.email }) : ''}
    </ConfirmDialog>
  );
}
