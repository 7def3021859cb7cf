import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';
import { useSession } from '@/lib/session';
import { PlanUsageCard } from '@/components/plan-usage-card';
import { SendQuotaCard } from '../components/send-quota-card';

export default function UserDashboardPage() {
  const { t } = useTranslation(['dashboard', 'pages']);
  usePageTitle(t('pages:user.dashboard'));
  const { user } = useSession();
  return (
    <Stack gap="lg" data-testid="user-dashboard">
      <div>
        <Title order={1}>{user ? t('greeting', { name: user.name }) : t('pages:user.dashboard')}</Title>
        <Text c="dimmed">{t('user.subtitle')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <PlanUsageCard />
        <SendQuotaCard />
      </SimpleGrid>
    </Stack>
  );
}
