import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { messageListSchema, type MailboxFolder, type MessageList } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { mailboxKeys } from '@/lib/api/mailbox-keys';

export const MAILBOX_PAGE_SIZE = 20;

export type MailboxFilter = { folder: MailboxFolder; unread: boolean; search: string };

/** `GET /api/mailbox/:profileId/messages`: one keyset page; the first one also brings the folder counts. */
export function getMessagesPage(profileId: string, filter: MailboxFilter, before: string | null): Promise<MessageList> {
  const query = new URLSearchParams({ folder: filter.folder, limit: String(MAILBOX_PAGE_SIZE) });
  if (filter.unread) query.set('unread', 'true');
  if (filter.search) query.set('search', filter.search);
  if (before) query.set('before', before);
  else query.set('counts', 'true');
  return apiGet(`/api/mailbox/${encodeURIComponent(profileId)}/messages?${query.toString()}`, messageListSchema);
}

export function messagesQueryOptions(profileId: string, filter: MailboxFilter) {
  return infiniteQueryOptions({
    queryKey: mailboxKeys.messages(profileId, filter),
    queryFn: ({ pageParam }) => getMessagesPage(profileId, filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
  });
}

export function useMessages(profileId: string, filter: MailboxFilter) {
  return useInfiniteQuery(messagesQueryOptions(profileId, filter));
}
