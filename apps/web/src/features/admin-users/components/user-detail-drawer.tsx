import { LoadError } from '@/components/load-states';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Divider, Drawer, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetail } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notify } from '@/components/notifications';
import { useLocale } from '@/components/use-locale';
import { UserStatusBadge } from '@/components/user-status-badge';
import { formatDate, formatNumber } from '@/lib/format';
import { useAdminUser } from '../api/get-user';
import { useUserAction, type UserAction } from '../api/user-action';

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** The actions an admin may take on a customer in this status. */
function actionsFor(user: AdminUserDetail): UserAction[] {
  const actions: UserAction[] = [];
  if (user.status === 'suspended') actions.push('reactivate');
  else if (user.status !== 'deleted') actions.push('suspend');
  if (user.status === 'pending' || (!user.emailVerifiedAt && user.status !== 'deleted')) actions.push('verify');
  if (user.status !== 'deleted') actions.push('send-reset');
  return actions;
}

function Detail({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation(['admin-users', 'admin']);
  const locale = useLocale();
  const action = useUserAction(user.id);
  const [pending, setPending] = useState<UserAction | null>(null);
  const none = t('admin:none');

  const confirm = () => {
    if (!pending) return;
    action.mutate(pending, {
      onSuccess: () => {
        notify('success', t(`actions.${pending}.done`, { name: user.name }));
        setPending(null);
      },
    });
  };

  return (
    <Stack gap="md" data-testid="user-detail">
      <Group gap="xs" justify="space-between" wrap="wrap">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {user.name}
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </div>
        <UserStatusBadge status={user.status} />
      </Group>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        <Fact label={t('detail.alias')} value={user.alias} />
        <Fact label={t('detail.code')} value={user.codigo} />
        <Fact label={t('detail.accountType')} value={user.accountType ?? none} />
        <Fact label={t('detail.createdAt')} value={formatDate(user.createdAt, locale)} />
        <Fact
          label={t('detail.verifiedAt')}
          value={user.emailVerifiedAt ? formatDate(user.emailVerifiedAt, locale) : t('detail.notVerified')}
        />
        <Fact label={t('detail.phone')} value={user.phone ?? none} />
        <Fact label={t('detail.country')} value={user.country ?? none} />
        <Fact
          label={t('detail.team')}
          value={user.team ? t('team.inTeam', { team: user.team.name, role: t(`team.roles.${user.team.role}`) }) : t('team.none')}
          testId="user-team"
        />
      </SimpleGrid>
      <Divider />
      <Title order={4} size="h5">
        {t('detail.profiles')}
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        <Fact label={t('detail.cards')} value={formatNumber(user.counts.cards, locale)} testId="user-count-cards" />
        <Fact label={t('detail.tags')} value={formatNumber(user.counts.tags, locale)} testId="user-count-tags" />
      </SimpleGrid>
      <Divider />
      <Title order={4} size="h5">
        {t('detail.subscription')}
      </Title>
      {user.subscription ? (
        <SimpleGrid cols={2} spacing="sm">
          <Fact label={t('detail.plan')} value={user.subscription.plan} testId="user-plan" />
          <Fact
            label={t('detail.subscriptionStatus')}
            value={t(`subscriptionStatus.${user.subscription.status}`, { defaultValue: user.subscription.status })}
          />
          <Fact label={t('detail.periodStart')} value={formatDate(user.subscription.periodStart, locale)} />
          <Fact
            label={t('detail.periodEnd')}
            value={user.subscription.periodEnd ? formatDate(user.subscription.periodEnd, locale) : t('detail.noEnd')}
          />
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {t('detail.noSubscription')}
        </Text>
      )}
      <Anchor component={Link} to={`/admin/historial?userId=${encodeURIComponent(user.id)}`} size="sm" data-testid="user-history-link">
        {t('detail.history')}
      </Anchor>
      <Divider />
      <Group gap="xs" wrap="wrap">
        {actionsFor(user).map((name) => (
          <Button
            key={name}
            size="sm"
            variant={name === 'suspend' ? 'light' : 'default'}
            color={name === 'suspend' ? 'red' : undefined}
            onClick={() => {
              action.reset();
              setPending(name);
            }}
            data-testid={`user-action-${name}`}
          >
            {t(`actions.${name}.button`)}
          </Button>
        ))}
      </Group>
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? t(`actions.${pending}.title`) : ''}
        confirmLabel={pending ? t(`actions.${pending}.confirm`) : ''}
        danger={pending === 'suspend'}
        loading={action.isPending}
        error={action.isError ? apiErrorMessage(action.error, t) : null}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      >
        {pending ? t(`actions.${pending}.body`, { name: user.name, email: user.email }) : ''}
      </ConfirmDialog>
    </Stack>
  );
}

/** A customer's detail beside the list; open while `userId` is set (the URL's `user`). */
export function UserDetailDrawer({ userId, onClose }: { userId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['admin-users', 'admin']);
  const query = useAdminUser(userId);
  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={t('detail.title')}
      closeButtonProps={{ 'aria-label': t('admin:close') }}
    >
      {query.data ? (
        <Detail user={query.data} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="sm" aria-busy="true" aria-label={t('admin:list.loading')}>
          <Skeleton height={28} width="60%" />
          <Skeleton height={16} width="40%" />
          <Skeleton height={120} />
        </Stack>
      )}
    </Drawer>
  );
}
