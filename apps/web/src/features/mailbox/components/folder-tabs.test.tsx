import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { MailboxCounts } from '@enlaza/contracts';
import { labelInNameProblem } from '@/test/label-in-name';
import { render } from '@/test/render';
import { FolderTabs } from './folder-tabs';

async function renderTabs(counts: MailboxCounts | undefined) {
  return await render(<FolderTabs folder="inbox" counts={counts} onChange={() => undefined} />);
}

describe('the mailbox folder tabs', () => {
  it('shows the inbox unread count apart from its label, and names the tab with both', async () => {
    await renderTabs({ inbox: 3, unread: 1, starred: 0, archived: 2, trash: 0 });
    const inbox = screen.getByRole('tab', { name: 'Inbox 1 unread' });
    expect(inbox).toBe(screen.getByTestId('folder-inbox'));
    expect(screen.getByTestId('folder-inbox-count').textContent).toBe('1');
    // The other folders count all their messages; a folder with none shows no number.
    expect(screen.getByRole('tab', { name: 'Archived 2 messages' })).toBe(screen.getByTestId('folder-archived'));
    expect(screen.getByRole('tab', { name: 'Starred' })).toBe(screen.getByTestId('folder-starred'));
    expect(screen.queryByTestId('folder-starred-count')).toBeNull();
    expect(screen.queryByTestId('folder-trash-count')).toBeNull();
  });

  it('names each counted tab starting with what it shows (WCAG 2.5.3), one count in the singular', async () => {
    await renderTabs({ inbox: 3, unread: 1, starred: 0, archived: 1, trash: 120 });
    expect(screen.getAllByRole('tab').map(labelInNameProblem)).toEqual([null, null, null, null]);
    expect(screen.getByRole('tab', { name: 'Archived 1 message' })).toBe(screen.getByTestId('folder-archived'));
  });

  it('shows no count on an inbox whose messages are all read: never "Inbox 0"', async () => {
    await renderTabs({ inbox: 2, unread: 0, starred: 0, archived: 0, trash: 0 });
    expect(screen.getByRole('tab', { name: 'Inbox' })).toBe(screen.getByTestId('folder-inbox'));
    expect(screen.queryByTestId('folder-inbox-count')).toBeNull();
    expect(screen.getByTestId('folder-inbox').textContent).toBe('Inbox');
  });

  it('shows the labels alone while the counts load', async () => {
    await renderTabs(undefined);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Inbox', 'Starred', 'Archived', 'Trash']);
  });
});
