import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardCampaign } from '@enlaza/contracts';
import { CampaignProgress } from '@/components/campaign-progress';
import { CampaignStateBadge } from '@/components/campaign-state-badge';

/** The five newest campaigns: state, progress (settled of all recipients) and a link to each; the empty state leads to Campañas. */
export function LatestCampaignsCard({ campaigns }: { campaigns: DashboardCampaign[] | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="dashboard-campaigns-title"
      data-testid="dashboard-campaigns"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="dashboard-campaigns-title">
            {t('campaigns.title')}
          </Title>
          {campaigns && campaigns.length > 0 ? (
            <Anchor component={Link} to="/user/campanas" size="sm">
              {t('campaigns.all')}
            </Anchor>
          ) : null}
        </Group>
        {!campaigns ? (
          <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
            {[0, 1].map((i) => (
              <Skeleton key={i} height={52} />
            ))}
          </Stack>
        ) : campaigns.length === 0 ? (
          <Stack gap="xs" align="flex-start" py="xs" data-testid="campaigns-empty">
            <Text size="sm" c="dimmed">
              {t('campaigns.empty')}
            </Text>
            <Button component={Link} to="/user/campanas" size="xs" variant="light">
              {t('campaigns.create')}
            </Button>
          </Stack>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {campaigns.map((campaign) => (
              <li key={campaign.id}>
                <UnstyledButton
                  component={Link}
                  to={`/user/campanas?id=${campaign.id}`}
                  className="dashboard-message"
                  data-testid="latest-campaign"
                >
                  <Group gap={6} wrap="nowrap" justify="space-between">
                    <Text size="sm" fw={600} truncate>
                      {campaign.name}
                    </Text>
                    <CampaignStateBadge state={campaign.state} />
                  </Group>
                  {/* A draft or a scheduled campaign has no recipients yet: no "0 of 0" bar. */}
                  {campaign.figures.recipients > 0 ? <CampaignProgress figures={campaign.figures} compact /> : null}
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
