import '../dashboard.css';
import { useRef } from 'react';
import { Alert, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/components/use-page-title';
import { useSession } from '@/lib/session';
import { PlanUsageCard } from '@/components/plan-usage-card';
import { useDashboard } from '../api/dashboard';
import { CountTiles } from '../components/count-tiles';
import { LatestCampaignsCard } from '../components/latest-campaigns-card';
import { LatestMessagesCard } from '../components/latest-messages-card';
import { OnboardingChecklist } from '../components/onboarding-checklist';
import { SendQuotaCard } from '../components/send-quota-card';
import { VisitsCard } from '../components/visits-card';

export default function UserDashboardPage() {
  const { t } = useTranslation(['dashboard', 'pages']);
  usePageTitle(t('pages:user.dashboard'));
  const { user } = useSession();
  const dashboard = useDashboard();
  const data = dashboard.data;
  // Once the guide is dismissed its button is gone: focus goes to the page's heading, not to nowhere.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <Stack gap="lg" data-testid="user-dashboard">
      <div>
        <Title order={1} ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {user ? t('greeting', { name: user.name }) : t('pages:user.dashboard')}
        </Title>
        <Text c="dimmed">{t('user.subtitle')}</Text>
      </div>
      <OnboardingChecklist onDismissed={() => heading.current?.focus()} />
      {dashboard.isError ? (
        <Alert color="red" variant="light" role="alert" title={t('error')} data-testid="dashboard-error">
          <Button size="xs" variant="light" mt="xs" onClick={() => void dashboard.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <CountTiles counts={data?.counts} />
          <VisitsCard visits={data?.visits} />
        </>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {dashboard.isError ? null : <LatestMessagesCard messages={data?.latestMessages} />}
        <Stack gap="lg">
          <PlanUsageCard counts={data ? { profiles: data.counts.cards, tags: data.counts.tags } : undefined} />
          <SendQuotaCard />
          {dashboard.isError ? null : <LatestCampaignsCard campaigns={data?.latestCampaigns} />}
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
