import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CrmConnection, CrmProvider, CrmScope } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';

type Props = {
  provider: CrmProvider;
  scope: CrmScope;
  configured: boolean;
  connection: CrmConnection | null;
  connecting: boolean;
  onConnect: () => void;
  onDisconnect: (connection: CrmConnection) => void;
  onLog: (connection: CrmConnection) => void;
};

/** One CRM for one scope: not set up on this server (said, no button), connect, or its connection with its log. */
export function CrmProviderCard({ provider, scope, configured, connection, connecting, onConnect, onDisconnect, onLog }: Props) {
  const { t } = useTranslation('crm');
  const locale = useLocale();
  const name = t(`providers.${provider}`);
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="li" data-testid={`crm-${scope}-${provider}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {name}
          </Title>
          {connection ? (
            <Badge color={connection.status === 'connected' ? 'teal' : 'red'} variant="light" tt="none">
              {t(`status.${connection.status}`)}
            </Badge>
          ) : null}
        </Group>
        {!configured ? (
          <Text size="sm" c="dimmed" data-testid="crm-not-configured">
            {t('notConfigured', { name })}
          </Text>
        ) : connection ? (
          <>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('connectedTo', { account: connection.accountName, when: formatDateTime(connection.createdAt, locale) })}
            </Text>
            {connection.status === 'reconnect' ? (
              <Text size="sm" c="red">
                {t('reconnectBody')}
              </Text>
            ) : null}
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => onLog(connection)}>
                {t('log.show')}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => onDisconnect(connection)}>
                {t('disconnect.button')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t(`about.${provider}`)}
            </Text>
            <Group>
              <Button size="xs" onClick={onConnect} loading={connecting}>
                {t('connect', { name })}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
