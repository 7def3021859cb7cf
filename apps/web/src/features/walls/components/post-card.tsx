import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WallPost } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';

/** The text of a post's HTML, read in an inert document (nothing loads or runs). */
function excerptOf(html: string): string {
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}

const STATUS_COLORS = { draft: 'gray', scheduled: 'orange', published: 'teal' } as const;

type Props = {
  post: WallPost;
  timeZone: string | undefined;
  busy: boolean;
  onEdit: () => void;
  onSchedule: () => void;
  onPublish: () => void;
  onUnpublish: () => void;
  onPin: () => void;
  onTrash: () => void;
};

/** One post on the owner's wall: its state and every action on it. */
export function PostCard({ post, timeZone, busy, onEdit, onSchedule, onPublish, onUnpublish, onPin, onTrash }: Props) {
  const { t } = useTranslation('walls');
  const locale = useLocale();
  const when =
    post.status === 'published' && post.publishedAt
      ? t('publishedOn', { date: formatDateTime(post.publishedAt, locale, timeZone) })
      : post.status === 'scheduled' && post.scheduledAt
        ? t('scheduledFor', { date: formatDateTime(post.scheduledAt, locale, timeZone) })
        : t('draftSince', { date: formatDateTime(post.updatedAt, locale, timeZone) });
  return (
    <Paper withBorder p="md" radius="md" role="listitem" data-testid="wall-post" aria-busy={busy || undefined}>
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <Badge color={STATUS_COLORS[post.status]} variant="light">
            {t(`status.${post.status}`)}
          </Badge>
          {post.pinned ? (
            <Badge color="blue" variant="outline">
              {t('pinnedBadge')}
            </Badge>
          ) : null}
        </Group>
        <Text fw={600} component="h3" size="md" m={0}>
          {post.title}
        </Text>
        <Text size="xs" c="dimmed">
          {when}
        </Text>
        {post.bodyHtml ? (
          <Text size="sm" lineClamp={3}>
            {excerptOf(post.bodyHtml)}
          </Text>
        ) : null}
        <Group gap="xs" mt="xs" wrap="wrap">
          <Button size="xs" variant="light" onClick={onEdit} aria-label={t('editNamed', { title: post.title })}>
            {t('edit')}
          </Button>
          {post.status === 'published' ? (
            <Button size="xs" variant="default" onClick={onUnpublish} disabled={busy}>
              {t('unpublish')}
            </Button>
          ) : (
            <Button size="xs" onClick={onPublish} disabled={busy} data-testid="post-publish">
              {t('publishNow')}
            </Button>
          )}
          {post.status !== 'published' ? (
            <Button size="xs" variant="default" onClick={onSchedule} disabled={busy}>
              {post.status === 'scheduled' ? t('reschedule') : t('schedule')}
            </Button>
          ) : null}
          {post.status === 'scheduled' ? (
            <Button size="xs" variant="default" onClick={onUnpublish} disabled={busy}>
              {t('cancelSchedule')}
            </Button>
          ) : null}
          <Button size="xs" variant="default" onClick={onPin} disabled={busy}>
            {post.pinned ? t('unpin') : t('pin')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={onTrash}
            disabled={busy}
            aria-label={t('trashNamed', { title: post.title })}
          >
            {t('trash')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
