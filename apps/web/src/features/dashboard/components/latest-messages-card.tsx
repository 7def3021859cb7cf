import { Badge, Card, Group, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LatestMessage } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { usePreferences } from '@/lib/api/preferences';
import { formatDateTime } from '@/lib/format';

/** The five newest messages across the user's profiles; each opens that profile's mailbox. */
export function LatestMessagesCard({ messages }: { messages: LatestMessage[] | undefined }) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const timeZone = usePreferences().data?.timeZone;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="dashboard-messages-title"
      data-testid="dashboard-messages"
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="dashboard-messages-title">
          {t('messages.title')}
        </Title>
        {!messages ? (
          <Stack gap="sm" aria-busy="true" aria-label={t('loading')}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={52} />
            ))}
          </Stack>
        ) : messages.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" data-testid="messages-empty">
            {t('messages.empty')}
          </Text>
        ) : (
          <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {messages.map((message) => (
              <li key={message.id}>
                <UnstyledButton
                  component={Link}
                  to={`/user/buzon/${message.profileId}`}
                  className="dashboard-message"
                  data-testid="latest-message"
                >
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={message.read ? 500 : 700} truncate>
                      {message.name}
                    </Text>
                    {message.read ? null : (
                      <Badge size="xs" variant="light" color="teal" style={{ flexShrink: 0 }}>
                        {t('messages.unread')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" lineClamp={1}>
                    {message.body}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('messages.to', { profile: message.profileName })} · {formatDateTime(message.createdAt, locale, timeZone)}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
