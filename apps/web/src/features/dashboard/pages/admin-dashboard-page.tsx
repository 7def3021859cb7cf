import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';
import { useSubscriptionData } from '@/lib/api/subscription-data';
import { useSession } from '@/lib/session';
import { SubscriptionStatusBadge } from '@/components/plan-usage-card';
import { SendQuotaCard } from '../components/send-quota-card';

export default function AdminDashboardPage() {
  const { t } = useTranslation(['dashboard', 'pages']);
  usePageTitle(t('pages:admin.dashboard'));
  const { user, subscription } = useSession();
  const query = useSubscriptionData();
  const data = subscription ?? query.data;
  return (
    <Stack gap="lg" data-testid="admin-dashboard">
      <div>
        <Title order={1}>{user ? t('greeting', { name: user.name }) : t('pages:admin.dashboard')}</Title>
        <Text c="dimmed">{t('admin.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder padding="lg" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('admin.account')}
            </Title>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {t('admin.name')}
              </Text>
              <Text fw={500}>{user?.name ?? '—'}</Text>
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {t('admin.role')}
              </Text>
              <Text fw={500} data-testid="admin-role">
                {user ? t(`roles.${user.roll}`) : '—'}
              </Text>
            </Group>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {t('admin.subscription')}
              </Text>
              {data ? <SubscriptionStatusBadge status={data.status} /> : query.isError ? <Text size="sm">{t('error')}</Text> : <Skeleton height={20} width={90} />}
            </Group>
          </Stack>
        </Card>
        <SendQuotaCard />
      </SimpleGrid>
    </Stack>
  );
}
