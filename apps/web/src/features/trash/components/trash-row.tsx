import { Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TrashItem } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatDate, formatDateTime } from '@/lib/format';
import { bcp47 } from '@/lib/language';
import { daysUntil, formatInDays } from './purge-countdown';

const KIND_COLORS: Record<TrashItem['kind'], string> = {
  card: 'teal',
  tag: 'grape',
  message: 'blue',
  file: 'orange',
  wall_post: 'cyan',
  email_template: 'indigo',
  campaign: 'pink',
};

interface Props {
  item: TrashItem;
  timeZone: string | undefined;
  now: Date;
  restoring: boolean;
  onRestore: (item: TrashItem) => void;
  onDelete: (item: TrashItem) => void;
}

/** One trashed item: its kind, name and summary, when it was deleted and when it goes for good; restore or delete forever. */
export function TrashRow({ item, timeZone, now, restoring, onRestore, onDelete }: Props) {
  const { t } = useTranslation('trash');
  const locale = useLocale();
  const days = daysUntil(item.purgeAt, now, timeZone);
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="li"
      className="trash-row"
      data-testid="trash-item"
      data-kind={item.kind}
      data-id={item.id}
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Badge size="sm" variant="light" color={KIND_COLORS[item.kind]} style={{ flexShrink: 0 }}>
              {t(`kinds.${item.kind}`)}
            </Badge>
            <Text fw={600} truncate="end" title={item.name} data-testid="trash-item-name">
              {item.name}
            </Text>
          </Group>
          {item.summary ? (
            <Text size="sm" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
              {item.summary}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('deletedOn', { date: formatDateTime(item.deletedAt, locale, timeZone) })}
            {' · '}
            <Tooltip label={formatDate(item.purgeAt, locale, timeZone)} withArrow>
              <Text
                span
                size="xs"
                c={days <= 3 ? 'red' : 'dimmed'}
                fw={days <= 3 ? 600 : undefined}
                tabIndex={0}
                data-testid="trash-item-purge"
              >
                {t('purgeIn', { when: formatInDays(days, bcp47(locale)) })}
              </Text>
            </Tooltip>
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            loading={restoring}
            onClick={() => onRestore(item)}
            aria-label={t('restoreNamed', { name: item.name })}
            data-testid="trash-restore"
          >
            {t('restore')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => onDelete(item)}
            aria-label={t('deleteNamed', { name: item.name })}
            data-testid="trash-delete"
          >
            {t('deleteForever')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
