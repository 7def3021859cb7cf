import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import {
  notificationListSchema,
  notificationSchema,
  okResponse,
  unreadNotificationsSchema,
  type NotificationList,
} from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';
import { queryClient } from '@/lib/query-client';

export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Query keys of my notifications. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (limit: number) => ['notifications', 'list', limit] as const,
  unread: ['notifications', 'unread'] as const,
};

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

const unreadAnswer = okResponse(unreadNotificationsSchema);
export const unreadQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await apiGet('/api/notifications/unread', unreadAnswer)).data.unread,
    staleTime: 60_000,
  });

/** The bell's count: kept current by the live stream (this query is its starting point and fallback). */
export const useUnreadNotifications = (enabled = true) => useQuery({ ...unreadQueryOptions(), enabled }, queryClient);

const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

export function useMarkRead() {
  return useMutation(
    {
      mutationFn: async (id: string) =>
        (await apiSend('POST', `/api/notifications/${encodeURIComponent(id)}/read`, undefined, okResponse(notificationSchema))).data,
      onSuccess: refresh,
    },
    queryClient,
  );
}

export function useMarkAllRead() {
  return useMutation(
    {
      mutationFn: async () =>
        (await apiSend('POST', '/api/notifications/read-all', undefined, okResponse(z.object({ affected: z.number() })))).data,
      onSuccess: refresh,
    },
    queryClient,
  );
}
