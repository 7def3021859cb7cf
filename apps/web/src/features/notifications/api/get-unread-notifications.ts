import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, unreadNotificationsSchema } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { notificationKeys } from './keys';

const unreadAnswer = okResponse(unreadNotificationsSchema);

/** `GET /api/notifications/unread`: how many of my notifications are unread. */
export async function getUnreadNotifications(): Promise<number> {
  return (await apiGet('/api/notifications/unread', unreadAnswer)).data.unread;
}

export const unreadQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.unread, queryFn: getUnreadNotifications, staleTime: 60_000 });

/** The bell's count: kept current by the live stream (this query is its starting point and fallback). */
export const useUnreadNotifications = (enabled = true) => useQuery({ ...unreadQueryOptions(), enabled }, queryClient);
