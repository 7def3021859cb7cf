import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ActivityEvent } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { bcp47 } from '@/lib/language';
import { describeEvent, deviceSummary } from './describe-event';

/** The date and time of an event in the user's time zone, e.g. "1 Mar 2026, 14:05 (Europe/Madrid)". */
export function formatEventTime(iso: string, locale: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  }
}

function EventRow({ event, timeZone }: { event: ActivityEvent; timeZone: string | undefined }) {
  const { t } = useTranslation('history');
  const locale = useLocale();
  const description = describeEvent(event);
  const fields = description.values.fields
    ?.split(',')
    .filter(Boolean)
    .map((field) => t(`fields.${field}`, { defaultValue: field }))
    .join(', ');
  const sentence = t(`actions.${description.key}`, { ...description.values, fields: fields ?? '' });
  const device = description.showOrigin ? deviceSummary(event.device) : null;
  const address = description.showOrigin ? event.address : null;

  return (
    <Paper component="li" withBorder radius="md" p="sm" className="history-row" data-testid="history-event" data-action={event.action}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Text fw={600} size="sm" c={description.tone === 'warning' ? 'red' : undefined} style={{ overflowWrap: 'anywhere' }}>
            {sentence}
          </Text>
          {description.values.actor ? (
            <Text size="xs" c="dimmed">
              {t('byActor', { actor: description.values.actor })}
            </Text>
          ) : null}
          {device || address ? (
            <Group gap={6} wrap="wrap">
              {device ? (
                <Badge variant="light" color="gray" tt="none" size="sm" title={event.device ?? undefined}>
                  {device}
                </Badge>
              ) : null}
              {address ? (
                <Text size="xs" c="dimmed">
                  {t('address', { address })}
                </Text>
              ) : null}
            </Group>
          ) : null}
        </Stack>
        <Text size="xs" c="dimmed" component="time" dateTime={event.createdAt} style={{ whiteSpace: 'nowrap' }}>
          {formatEventTime(event.createdAt, bcp47(locale), timeZone)}
        </Text>
      </Group>
    </Paper>
  );
}

export function HistoryList({ events, timeZone }: { events: ActivityEvent[]; timeZone: string | undefined }) {
  return (
    <Stack component="ol" gap="xs" className="history-list" data-testid="history-list">
      {events.map((event) => (
        <EventRow key={event.id} event={event} timeZone={timeZone} />
      ))}
    </Stack>
  );
}
