import { Anchor, Button, Card, CopyButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfileStats } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { useRecordOnboardingStep } from '@/lib/api/record-onboarding-step';
import { formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import { publicLink } from '@/lib/public-url';

const VisitsChart = lazy(() => import('@/components/visits-chart'));

/** With no visit yet: the main card's public link to share (copying it is the checklist's share step), or a way to create one. */
function NoVisits() {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  const recordStep = useRecordOnboardingStep();
  const path = user?.perfil_id ? `/link/${user.alias}/${user.perfil_id}` : null;
  const url = path ? publicLink(path) : null;
  return (
    <Stack gap="xs" py="md" data-testid="visits-empty">
      <Text fw={600}>{t('visits.empty')}</Text>
      {url ? (
        <>
          <Text size="sm" c="dimmed">
            {t('visits.emptyHint')}
          </Text>
          <Group gap="sm" wrap="wrap">
            <Anchor href={url} target="_blank" rel="noopener" size="sm" style={{ wordBreak: 'break-all' }} data-testid="main-profile-link">
              {url}
            </Anchor>
            <CopyButton value={url} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'teal' : undefined}
                  onClick={() => {
                    copy();
                    if (user?.perfil_id) recordStep('share', user.perfil_id);
                  }}
                  data-testid="copy-main-profile-link"
                >
                  <span aria-live="polite">{copied ? t('visits.copied') : t('visits.copy')}</span>
                </Button>
              )}
            </CopyButton>
          </Group>
        </>
      ) : (
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('visits.noProfile')}
          </Text>
          <Button component={Link} to="/user/perfiles/new" size="xs" variant="light">
            {t('visits.create')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** Unique visitors and link clicks of the last 30 days over all the user's profiles. */
export function VisitsCard({ visits }: { visits: ProfileStats | undefined }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const empty = visits ? visits.totals.visitors === 0 && visits.totals.linkClicks === 0 : false;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dashboard-visits-title" data-testid="dashboard-visits">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} size="h4" id="dashboard-visits-title">
            {t('visits.title')}
          </Title>
          {visits ? (
            <Text size="sm" c="dimmed" data-testid="visits-totals">
              {t('visits.totalVisitors', { count: visits.totals.visitors, value: formatNumber(visits.totals.visitors, locale) })}
              {' · '}
              {t('visits.totalClicks', { count: visits.totals.linkClicks, value: formatNumber(visits.totals.linkClicks, locale) })}
            </Text>
          ) : null}
        </Group>
        {!visits ? (
          <Skeleton height={260} aria-label={t('loading')} />
        ) : empty ? (
          <NoVisits />
        ) : (
          <Suspense fallback={<Skeleton height={260} aria-label={t('loading')} />}>
            <VisitsChart
              stats={visits}
              height={260}
              testId="visits-chart"
              labels={{ visitors: t('visits.visitors'), clicks: t('visits.clicks'), day: t('visits.day'), caption: t('visits.caption') }}
            />
          </Suspense>
        )}
      </Stack>
    </Card>
  );
}
