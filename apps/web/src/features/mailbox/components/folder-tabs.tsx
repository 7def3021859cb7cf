import { Badge, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAILBOX_COUNT_CAP, MAILBOX_FOLDERS, type MailboxCounts, type MailboxFolder } from '@enlaza/contracts';

const countLabel = (n: number) => (n >= MAILBOX_COUNT_CAP ? `${MAILBOX_COUNT_CAP - 1}+` : String(n));

/**
 * What a folder's tab counts: the inbox its unread messages (what asks for attention, as the
 * navigation's badge does), the other folders all of theirs. Nothing when the count is 0, so a tab
 * never reads "Inbox 0" with read messages in it.
 */
export function folderCount(folder: MailboxFolder, counts: MailboxCounts | undefined): { kind: 'unread' | 'total'; count: number } | null {
  if (!counts) return null;
  const count = folder === 'inbox' ? counts.unread : counts[folder];
  return count > 0 ? { kind: folder === 'inbox' ? 'unread' : 'total', count } : null;
}

/** The mailbox's folder tabs: the label, and its count apart in a badge; the tab's name says both ("Inbox 1 unread"). */
export function FolderTabs({
  folder,
  counts,
  onChange,
}: {
  folder: MailboxFolder;
  counts: MailboxCounts | undefined;
  onChange: (folder: MailboxFolder) => void;
}) {
  const { t } = useTranslation('mailbox');
  return (
    <Tabs value={folder} onChange={(value) => value && onChange(value as MailboxFolder)} keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {MAILBOX_FOLDERS.map((f) => {
          const label = t(`folders.${f}`);
          const shown = folderCount(f, counts);
          const detail = shown ? t(shown.kind === 'unread' ? 'unreadCount' : 'folderCount', { count: shown.count }) : null;
          return (
            <Tabs.Tab
              key={f}
              value={f}
              data-testid={`folder-${f}`}
              // The name starts with what the tab shows ("Inbox 1"), then says what the number counts.
              aria-label={
                shown
                  ? t(shown.kind === 'unread' ? 'folderTabUnread' : 'folderTabTotal', {
                      folder: label,
                      shown: countLabel(shown.count),
                      count: shown.count,
                    })
                  : undefined
              }
              rightSection={
                shown ? (
                  <Badge
                    size="sm"
                    // Unread messages stand out; a folder's total is quieter.
                    variant={shown.kind === 'unread' ? 'filled' : 'light'}
                    color={shown.kind === 'unread' ? 'blue' : 'gray'}
                    aria-hidden="true"
                    title={detail ?? undefined}
                    data-testid={`folder-${f}-count`}
                  >
                    {countLabel(shown.count)}
                  </Badge>
                ) : null
              }
            >
              {/* The space keeps the label and the badge's number apart in the text the tab shows. */}
              {shown ? `${label} ` : label}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
    </Tabs>
  );
}
