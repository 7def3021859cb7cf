import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '@enlaza/contracts';

/** An administrator's name, marked "you" on the signed-in admin's own row. */
export function AdminName({ row, isMe }: { row: AdminUserRow; isMe: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <Group gap={6} wrap="nowrap">
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.name}
      </Text>
      {isMe ? (
        <Badge size="sm" variant="filled" data-testid="admin-you">
          {t('admin:you')}
        </Badge>
      ) : null}
    </Group>
  );
}
