import type { Ref } from 'react';
import { Button, Checkbox, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MailboxFolder, Message, MessageBulkBody } from '@enlaza/contracts';

/** "Select all" over the list, and once some are selected, what can be done to them in this folder. */
export function BulkBar({
  folder,
  rows,
  selected,
  onSelect,
  running,
  onRun,
  selectAllRef,
}: {
  folder: MailboxFolder;
  rows: Message[];
  selected: ReadonlySet<string>;
  onSelect: (ids: Set<string>) => void;
  /** The bulk action under way, if any. */
  running: MessageBulkBody['action'] | undefined;
  onRun: (action: MessageBulkBody['action']) => void;
  selectAllRef: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation(['mailbox', 'admin']);
  const allSelected = rows.length > 0 && rows.every((m) => selected.has(m.id));
  const bulkActions: MessageBulkBody['action'][] =
    folder === 'trash' ? ['restore'] : ['read', 'unread', 'star', folder === 'archived' ? 'unarchive' : 'archive', 'trash'];
  return (
    <Group gap="xs" wrap="wrap" data-testid="bulk-bar">
      <Checkbox
        ref={selectAllRef}
        label={t('bulk.selectAll')}
        checked={allSelected}
        indeterminate={selected.size > 0 && !allSelected}
        onChange={(e) => onSelect(e.currentTarget.checked ? new Set(rows.map((m) => m.id)) : new Set())}
      />
      {selected.size > 0 ? (
        <>
          <Text size="sm" c="dimmed">
            {t('bulk.selected', { count: selected.size })}
          </Text>
          {bulkActions.map((a) => (
            <Button
              key={a}
              size="compact-sm"
              variant={a === 'trash' ? 'light' : 'default'}
              color={a === 'trash' ? 'red' : undefined}
              loading={running === a}
              onClick={() => onRun(a)}
              data-testid={`bulk-${a}`}
            >
              {t(`bulk.actions.${a}`)}
            </Button>
          ))}
        </>
      ) : null}
    </Group>
  );
}
