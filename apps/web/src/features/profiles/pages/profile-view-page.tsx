import '../profiles.css';
import { lazy, Suspense, useCallback } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { ApiError } from '@/lib/api-error';
import { useRecordOnboardingStep } from '@/lib/api/record-onboarding-step';
import { formatNumber } from '@/lib/format';
import { useProfile } from '../api/get-profile';
import { useProfileStats } from '../api/profile-stats';
import { CopyLinkButton, useProfileShareUrl } from '../components/copy-link-button';
import { EmailSignaturePanel } from '../components/email-signature';
import { VideoBackgroundPanel } from '../components/video-background';
import { Icon } from '../components/icons';
import { PublicPagePreview } from '../components/public-page-preview';
import { SharePanel } from '../components/share-panel';
import { useProfileKind } from '../components/use-profile-kind';
import { ViewPanel } from '../components/view-panel';
import { WalletButtons } from '../components/wallet-buttons';
import { apiErrorMessage } from '@/lib/api-error-message';

const VisitsChart = lazy(() => import('@/components/visits-chart'));

function StatsPanel({ id }: { id: string }) {
  const { t } = useTranslation('profiles');
  const locale = useLocale();
  const stats = useProfileStats(id);
  return (
    <ViewPanel id="profile-stats" title={t('view.statsTitle')} testId="profile-stats">
      {stats.isError ? (
        <Alert color="red" role="alert" mt="sm">
          <Group gap="sm">
            <Text size="sm">{apiErrorMessage(stats.error, t)}</Text>
            <Button size="xs" variant="light" onClick={() => void stats.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : !stats.data ? (
        <Skeleton height={300} mt="sm" aria-label={t('loading')} />
      ) : (
        <Stack gap="sm" mt="sm">
          <Group gap="xl">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t('view.visitors')}
              </Text>
              <Text fz={28} fw={700} className="stats-figure" data-testid="stats-visitors">
                {formatNumber(stats.data.totals.visitors, locale)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {t('view.clicks')}
              </Text>
              <Text fz={28} fw={700} className="stats-figure" data-testid="stats-clicks">
                {formatNumber(stats.data.totals.linkClicks, locale)}
              </Text>
            </div>
          </Group>
          <Text size="xs" c="dimmed">
            {t('view.last30')}
          </Text>
          <Suspense fallback={<Skeleton height={240} />}>
            <VisitsChart
              stats={stats.data}
              height={240}
              labels={{ visitors: t('view.visitors'), clicks: t('view.clicks'), day: t('view.day'), caption: t('view.chartCaption') }}
            />
          </Suspense>
        </Stack>
      )}
    </ViewPanel>
  );
}

/** perfiles/view/{id} and tamys/view/{id}: the profile as visitors see it, its QR, link and visits. */
export default function ProfileViewPage() {
  const { t } = useTranslation(['profiles', 'public-profile']);
  const { kind, base } = useProfileKind();
  const { profileId = '' } = useParams();
  const query = useProfile(profileId);
  const profile = query.data && query.data.kind === kind ? query.data : null;
  usePageTitle(profile?.name ?? t(kind === 'card' ? 'view.cardTitle' : 'view.tagTitle'));
  // The guided start's steps: the card seen as visitors see it, then its link or QR code taken away.
  const recordStep = useRecordOnboardingStep();
  const previewed = useCallback(() => recordStep('preview', profileId), [recordStep, profileId]);
  const shared = useCallback(() => recordStep('share', profileId), [recordStep, profileId]);
  // The short address (the alias alone for the main card) is what is shared and drawn in the QR
  // code; a verified custom domain of the card's replaces it.
  const url = useProfileShareUrl(profileId, profile?.sharePath ?? '');

  const notFound = (query.error instanceof ApiError && query.error.status === 404) || (query.data && !profile);
  if (notFound || query.isError) {
    return (
      <Alert
        color={notFound ? 'yellow' : 'red'}
        role="alert"
        title={t(notFound ? 'editor.notFoundTitle' : 'errors.loadTitle')}
        data-testid="profile-not-found"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{notFound ? t('editor.notFoundBody') : apiErrorMessage(query.error, t)}</Text>
          {notFound ? (
            <Anchor component={Link} to={base} size="sm">
              {t('editor.backToList')}
            </Anchor>
          ) : (
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (!profile) return <Skeleton height={480} radius="md" aria-label={t('loading')} data-testid="profile-view-loading" />;

  return (
    <Stack gap="lg" data-testid="profile-view-page">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {profile.name}
          </Title>
          <Group gap={6}>
            <Badge variant="light">{t(`visibility.${profile.visibility}`)}</Badge>
            {profile.tag?.lostMode ? (
              <Badge color="red" variant="filled">
                {t('list.lost')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button component={Link} to={`${base}/${profile.id}`} leftSection={<Icon name="edit" />} data-testid="view-edit">
            {t('actions.edit')}
          </Button>
          <Button component={Link} to={`/user/buzon/${profile.id}`} variant="default" leftSection={<Icon name="mail" />}>
            {t('actions.mailbox')}
          </Button>
          <Button
            component="a"
            href={profile.publicPath}
            target="_blank"
            rel="noopener"
            variant="default"
            leftSection={<Icon name="external" />}
            onClick={previewed}
            data-testid="view-open-public"
          >
            {t('view.openPublic')}
            <VisuallyHidden>{t('view.newTab')}</VisuallyHidden>
          </Button>
          <CopyLinkButton profileId={profile.id} publicPath={profile.sharePath} name={profile.name} onCopied={shared} />
        </Group>
      </Group>
      {profile.visibility === 'private' ? (
        <Alert color="gray" title={t('view.privateTitle')} data-testid="view-private">
          {t('view.privateBody')}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs" component="section" aria-label={t('view.previewTitle')}>
          <Text size="sm" fw={600} c="dimmed">
            {t('view.previewTitle')}
          </Text>
          <PublicPagePreview id={profile.id} version={profile.updatedAt} title={t('view.previewTitle')} onShown={previewed} />
        </Stack>
        <Stack gap="lg">
          <SharePanel profile={profile} url={url} onShared={shared} />
          {profile.kind === 'card' ? <WalletButtons profileId={profile.id} /> : null}
          {profile.kind === 'card' ? <EmailSignaturePanel profileId={profile.id} version={profile.updatedAt} /> : null}
          {profile.kind === 'card' ? <VideoBackgroundPanel profile={profile} url={url} /> : null}
          <StatsPanel id={profile.id} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
