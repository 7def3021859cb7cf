import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Paper, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicProfile } from '@enlaza/contracts';
import { NotificationHost } from '@/components/notifications';
import { PublicProfileView } from '@/components/public-profile/public-profile-view';
import { usePageTitle } from '@/components/use-page-title';
import { ApiError } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { publicProfileQueryOptions, usePublicProfile } from '../api/get-public-profile';
import { reportLinkClick } from '../api/report-link-click';
import { ContactForm } from '../components/contact-form';
import { NotAvailable } from '../components/not-available';
import { ProfileActions } from '../components/profile-actions';
import { SharePanel } from '../components/share-panel';
// The toasts' position (shared with the signed-in screens).
import '@/styles/admin.css';

/** /link/{alias}/{profileId}: a card or tag as visitors see it; works signed out and signed in. */
export default function PublicProfilePage() {
  const { aliascliente = '', profileId = '' } = useParams();
  return (
    <QueryClientProvider client={queryClient}>
      <PublicProfileScreen alias={aliascliente} profileId={profileId} />
      <NotificationHost />
    </QueryClientProvider>
  );
}

function PublicProfileScreen({ alias, profileId }: { alias: string; profileId: string }) {
  const { t } = useTranslation('public-profile');
  const query = usePublicProfile(alias, profileId);

  if (query.isPending) return <LoadingCard label={t('loading')} />;
  if (query.isError) {
    const error = query.error;
    if (error instanceof ApiError && error.status === 404) return <NotAvailable />;
    return (
      <Stack maw={640} mx="auto" py="xl">
        <Alert color="red" role="alert" title={t('loadError.title')} data-testid="public-profile-load-error">
          <Stack gap="sm" align="flex-start">
            {error instanceof ApiError && error.status === 0 ? t('loadError.network') : t('loadError.body')}
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  return <ProfileScreen profile={query.data} requestedPath={`/link/${alias}/${profileId}`} />;
}

function ProfileScreen({ profile, requestedPath }: { profile: PublicProfile; requestedPath: string }) {
  usePageTitle(profile.name);
  const navigate = useNavigate();
  const client = useQueryClient();
  const url = `${window.location.origin}${profile.canonicalPath}`;

  // Reached through an old alias inside the app (the server redirects full page loads itself).
  useEffect(() => {
    if (profile.canonicalPath === requestedPath) return;
    client.setQueryData(publicProfileQueryOptions(profile.alias, profile.id).queryKey, profile);
    void navigate(profile.canonicalPath, { replace: true });
  }, [client, navigate, profile, requestedPath]);

  return (
    <Stack gap="lg" maw={640} mx="auto" pb="xl" data-testid="public-profile-page">
      <PublicProfileView profile={profile} onLinkClick={(link) => reportLinkClick(profile.alias, profile.id, link)} actions={<ProfileActions profile={profile} url={url} />}>
        {profile.contactForm ? <ContactForm profile={profile} /> : null}
      </PublicProfileView>
      <SharePanel url={url} name={profile.name} />
    </Stack>
  );
}

function LoadingCard({ label }: { label: string }) {
  return (
    <Stack maw={640} mx="auto" aria-busy="true" aria-label={label} data-testid="public-profile-loading">
      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Skeleton height={96} radius={0} />
        <Stack p="lg" gap="sm">
          <Skeleton circle height={112} mt={-72} />
          <Skeleton height={28} width="60%" />
          <Skeleton height={16} width="40%" />
          <Skeleton height={36} width={180} mt="sm" />
          <Skeleton height={14} mt="md" />
          <Skeleton height={14} width="85%" />
        </Stack>
      </Paper>
    </Stack>
  );
}
