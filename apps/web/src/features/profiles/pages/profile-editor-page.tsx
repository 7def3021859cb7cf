import '../profiles.css';
import { Alert, Anchor, Breadcrumbs, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QuotaPrompt } from '@/components/quota-prompt';
import { useLocale } from '@/components/use-locale';
import { usePageTitle } from '@/components/use-page-title';
import { ApiError } from '@/lib/api-error';
import { useProfile } from '../api/get-profile';
import { Icon } from '../components/icons';
import { draftOf, newDraft } from '../components/profile-draft';
import { ProfileForm } from '../components/profile-form';
import { useProfileKind } from '../components/use-profile-kind';
import { useProfileQuota } from '../components/use-profile-quota';
import { teamLockOf } from '../components/team-lock';
import { apiErrorMessage } from '@/lib/api-error-message';

function EditorSkeleton() {
  const { t } = useTranslation('profiles');
  return (
    <Stack gap="md" aria-busy="true" aria-label={t('loading')} data-testid="profile-editor-loading">
      {[120, 320, 220].map((h, i) => (
        <Skeleton key={i} height={h} radius="md" />
      ))}
    </Stack>
  );
}

/** perfiles/new, perfiles/{id}, tamys/new, tamys/{id}: create or edit a card or tag. */
export default function ProfileEditorPage() {
  const { t } = useTranslation('profiles');
  const { kind, base } = useProfileKind();
  const { profileId = 'new' } = useParams();
  const location = useLocation();
  const isNew = profileId === 'new';
  const query = useProfile(isNew ? null : profileId);
  const isCard = kind === 'card';
  const locale = useLocale();
  // A new card or tag beyond the plan's quota: say so (with the plans) instead of a form that would be refused.
  const quota = useProfileQuota(kind, locale);
  const title = isNew
    ? t(isCard ? 'editor.newCard' : 'editor.newTag')
    : t(isCard ? 'editor.editCard' : 'editor.editTag', { name: query.data?.name ?? '' });
  usePageTitle(title);
  const justCreated = (location.state as { created?: boolean } | null)?.created === true;
  // Another kind's id under this path (a tag under /perfiles) is not found here either.
  const wrongKind = query.data && query.data.kind !== kind;
  const notFound = (query.error instanceof ApiError && query.error.status === 404) || wrongKind;

  return (
    <Stack gap="lg" maw={960} w="100%" data-testid="profile-editor-page">
      <Stack gap={4}>
        <Breadcrumbs separator="›">
          <Anchor component={Link} to={base} size="sm">
            {t(isCard ? 'list.cardsTitle' : 'list.tagsTitle')}
          </Anchor>
          <Text size="sm">{isNew ? t('editor.new') : (query.data?.name ?? '…')}</Text>
        </Breadcrumbs>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {!isNew && query.data && !wrongKind ? (
            <Button
              component={Link}
              to={`${base}/view/${profileId}`}
              variant="light"
              leftSection={<Icon name="eye" />}
              data-testid="profile-open-view"
            >
              {t('actions.view')}
            </Button>
          ) : null}
        </Group>
      </Stack>
      {isNew && quota.pending ? (
        <EditorSkeleton />
      ) : isNew && quota.reached ? (
        <QuotaPrompt kind={isCard ? 'cards' : 'tags'} limit={quota.limit} count={quota.usage?.limit} />
      ) : isNew ? (
        <ProfileForm key="new" id={null} initial={newDraft(kind)} base={base} justCreated={false} />
      ) : notFound ? (
        <Alert color="yellow" role="alert" title={t('editor.notFoundTitle')} data-testid="profile-not-found">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('editor.notFoundBody')}</Text>
            <Anchor component={Link} to={base} size="sm">
              {t('editor.backToList')}
            </Anchor>
          </Stack>
        </Alert>
      ) : query.isError ? (
        <Alert color="red" role="alert" title={t('errors.loadTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{apiErrorMessage(query.error, t)}</Text>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : query.data ? (
        <ProfileForm
          key={query.data.id}
          id={query.data.id}
          initial={draftOf(query.data)}
          base={base}
          justCreated={justCreated}
          lock={teamLockOf(query.data)}
        />
      ) : (
        <EditorSkeleton />
      )}
    </Stack>
  );
}
