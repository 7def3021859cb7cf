import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow } from '@enlaza/contracts';

const COLORS: Record<AdminUserRow['status'], string> = { active: 'teal', pending: 'yellow', suspended: 'red', deleted: 'gray' };

/** A user's or admin's status, translated (admin namespace). */
export function UserStatusBadge({ status }: { status: AdminUserRow['status'] }) {
  const { t } = useTranslation('admin');
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="user-status">
      {t(`status.${status}`)}
    </Badge>
  );
}
