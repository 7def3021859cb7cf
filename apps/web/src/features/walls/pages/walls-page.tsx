import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Anchor, Button, Center, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WallPost } from '@enlaza/contracts';
import { apiErrorMessage } from '@/lib/api-error-message';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { usePageTitle } from '@/components/use-page-title';
import { useUndoTrash } from '@/components/use-undo-trash';
import { usePreferences } from '@/lib/api/preferences';
import { useQueryClient } from '@tanstack/react-query';
import { useWallPosts } from '../api/get-wall-posts';
import { useWallProfiles } from '../api/get-wall-profiles';
import { wallKeys } from '../api/keys';
import { useWallPostAction, type WallPostAction } from '../api/wall-post-action';
import { WallOffPublishModal } from '../components/wall-off-publish-modal';
import { PostCard } from '../components/post-card';
import { PostEditor } from '../components/post-editor';
import { ScheduleModal } from '../components/schedule-modal';

/** /user/muros: the posts of one card or tag (`?profile=<id>` remembers which). */
export default function WallsPage() {
  const { t } = useTranslation(['walls', 'admin']);
  usePageTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const profiles = useWallProfiles();
  const profileId = params.get('profile') ?? profiles.data?.[0]?.id ?? '';
  const profile = profiles.data?.find((p) => p.id === profileId);
  const posts = useWallPosts(profileId);
  const action = useWallPostAction();
  const queryClient = useQueryClient();
  const undoTrash = useUndoTrash();
  const timeZone = usePreferences().data?.timeZone;
  const [editing, setEditing] = useState<{ post: WallPost | null } | null>(null);
  const [scheduling, setScheduling] = useState<WallPost | null>(null);
  // A post to publish on a wall that is off: first asked whether to switch the wall on too.
  const [publishing, setPublishing] = useState<WallPost | null>(null);
  const rows = posts.data?.pages.flatMap((p) => p.data) ?? [];

  const run = (post: WallPost, change: WallPostAction, done: string, onDone?: () => void) =>
    action.mutate(
      { id: post.id, action: change },
      {
        onSuccess: () => {
          onDone?.();
          return change.type === 'trash' ? undoTrash('wall_post', [post.id], done) : notify('success', done);
        },
        onError: (error) => notify('error', apiErrorMessage(error, t)),
      },
    );
  const publishNow = (post: WallPost, switchWallOn = false) =>
    run(
      post,
      { type: 'publish', body: { action: 'publish', ...(switchWallOn ? { switchWallOn } : {}) } },
      switchWallOn ? t('wallOffPublish.done', { title: post.title }) : t('publishedDone', { title: post.title }),
      () => {
        setPublishing(null);
        if (switchWallOn) void queryClient.invalidateQueries({ queryKey: wallKeys.profiles });
      },
    );

  const groups = profiles.data
    ? (['card', 'tag'] as const)
        .map((kind) => ({
          group: t(`kinds.${kind}`),
          items: profiles.data.filter((p) => p.kind === kind).map((p) => ({ value: p.id, label: p.name })),
        }))
        .filter((g) => g.items.length > 0)
    : [];

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        actions={
          profileId ? (
            <Button onClick={() => setEditing({ post: null })} data-testid="post-new">
              {t('new')}
            </Button>
          ) : undefined
        }
      />
      {profiles.isPending ? (
        <Center py="xl" aria-busy="true">
          <Loader size="sm" aria-label={t('loading')} />
        </Center>
      ) : profiles.isError ? (
        <Alert color="red" role="alert">
          {apiErrorMessage(profiles.error, t)}
        </Alert>
      ) : groups.length === 0 ? (
        <Paper withBorder p="xl" ta="center">
          <Text c="dimmed">{t('noProfiles')}</Text>
        </Paper>
      ) : (
        <>
          <Select
            label={t('profile')}
            data={groups}
            value={profileId}
            onChange={(value) => value && setParams({ profile: value })}
            allowDeselect={false}
            searchable
            maw={420}
            data-testid="wall-profile"
          />
          {profile && !profile.wall ? (
            <Alert color="yellow" data-testid="wall-off">
              {t('wallOff')}{' '}
              <Anchor component={Link} to={`/user/${profile.kind === 'card' ? 'perfiles' : 'tamys'}/${profile.id}`}>
                {t('wallOffLink')}
              </Anchor>
            </Alert>
          ) : null}
          {posts.isPending ? (
            <Center py="xl" aria-busy="true">
              <Loader size="sm" aria-label={t('loading')} />
            </Center>
          ) : posts.isError ? (
            <Alert color="red" role="alert">
              {apiErrorMessage(posts.error, t)}
            </Alert>
          ) : rows.length === 0 ? (
            <Paper withBorder p="xl" ta="center">
              <Text c="dimmed">{t('empty')}</Text>
            </Paper>
          ) : (
            <Stack gap="sm" role="list" aria-label={t('listLabel', { name: profile?.name ?? '' })}>
              {rows.map((post) => (
                <PostCard
                  key={post.id}
                  post={post}
                  timeZone={timeZone}
                  busy={action.isPending && action.variables.id === post.id}
                  onEdit={() => setEditing({ post })}
                  onSchedule={() => setScheduling(post)}
                  onPublish={() => (profile && !profile.wall ? setPublishing(post) : publishNow(post))}
                  onUnpublish={() =>
                    run(post, { type: 'publish', body: { action: 'unpublish' } }, t('unpublishedDone', { title: post.title }))
                  }
                  onPin={() => run(post, { type: 'pin', pinned: !post.pinned }, post.pinned ? t('unpinnedDone') : t('pinnedDone'))}
                  onTrash={() => run(post, { type: 'trash' }, t('trashed', { title: post.title }))}
                />
              ))}
            </Stack>
          )}
          {posts.hasNextPage ? (
            <Group>
              <Button variant="default" onClick={() => void posts.fetchNextPage()} loading={posts.isFetchingNextPage}>
                {t('more')}
              </Button>
            </Group>
          ) : null}
        </>
      )}
      {editing ? (
        <PostEditor key={editing.post?.id ?? 'new'} profileId={profileId} post={editing.post} opened onClose={() => setEditing(null)} />
      ) : null}
      {scheduling ? <ScheduleModal post={scheduling} timeZone={timeZone} onClose={() => setScheduling(null)} /> : null}
      {publishing && profile ? (
        <WallOffPublishModal
          post={publishing}
          profileName={profile.name}
          busy={action.isPending}
          onPublish={(switchWallOn) => publishNow(publishing, switchWallOn)}
          onClose={() => setPublishing(null)}
        />
      ) : null}
    </Stack>
  );
}
