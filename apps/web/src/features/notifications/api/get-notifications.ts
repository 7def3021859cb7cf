import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { notificationListSchema, type NotificationList } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { NOTIFICATIONS_PAGE_SIZE, notificationKeys } from './keys';

/** `GET /api/notifications`: one keyset page, newest first. */
export function getNotificationsPage(before: string | null, limit = NOTIFICATIONS_PAGE_SIZE): Promise<NotificationList> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before) query.set('before', before);
  return apiGet(`/api/notifications?${query.toString()}`, notificationListSchema);
}

export const notificationsQueryOptions = (limit = NOTIFICATIONS_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(limit),
    queryFn: ({ pageParam }) => getNotificationsPage(pageParam, limit),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
  });

/** The app's query client is passed explicitly: the header that uses these sits above the provider. */
export const useNotifications = (limit = NOTIFICATIONS_PAGE_SIZE, enabled = true) =>
  useInfiniteQuery({ ...notificationsQueryOptions(limit), enabled }, queryClient);
