import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, unreadCountsSchema } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { mailboxKeys } from '@/lib/api/mailbox-keys';

const answerSchema = okResponse(unreadCountsSchema);

export const unreadCountsQueryOptions = () =>
  queryOptions({
    queryKey: mailboxKeys.unread,
    queryFn: async () => (await apiGet('/api/mailbox/unread', answerSchema)).data,
    refetchInterval: 60_000,
    staleTime: 30_000,
  });

/**
 * Unread messages for the navigation badge, refreshed every minute and after every change made in
 * the mailbox. Uses the app's query client directly: the layout that shows it sits above the provider.
 */
export function useUnreadCounts(enabled = true) {
  return useQuery({ ...unreadCountsQueryOptions(), enabled }, queryClient);
}
