import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScimCall } from '@enlaza/contracts';
import { useLocale } from '@/components/use-locale';
import { formatDateTime } from '@/lib/format';

/** The team's last SCIM calls: when, which token, what, and how it was answered. */
export function CallsPanel({ calls, users, groups }: { calls: ScimCall[]; users: number; groups: number }) {
  const { t } = useTranslation('scim');
  const locale = useLocale();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} aria-labelledby="scim-calls-title" data-testid="scim-calls">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="scim-calls-title">
            {t('calls.title')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="scim-counts">
            {t('calls.counts', { users, groups })}
          </Text>
        </div>
        {calls.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="scim-calls-empty">
            {t('calls.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('calls.when')}</Table.Th>
                  <Table.Th>{t('calls.token')}</Table.Th>
                  <Table.Th>{t('calls.request')}</Table.Th>
                  <Table.Th>{t('calls.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {calls.map((call, index) => (
                  <Table.Tr key={`${call.at}-${index}`}>
                    <Table.Td>{formatDateTime(call.at, locale)}</Table.Td>
                    <Table.Td>{call.tokenName ?? '—'}</Table.Td>
                    <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                      {call.method} {call.path}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={call.status < 400 ? 'teal' : call.status < 500 ? 'yellow' : 'red'} variant="light">
                        {call.status}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
