import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NOTIFICATION_KINDS, UserOptions } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { optionsKeys, optionsResponseSchema } from './get-options';

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** `PUT /api/options/notifications`: which notifications also come by email. */
export async function updateNotifications(notificationEmails: NotificationKind[]): Promise<UserOptions> {
  return (await apiSend('PUT', '/api/options/notifications', { notificationEmails }, optionsResponseSchema)).data;
}

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['options', 'notifications'],
    mutationFn: updateNotifications,
    onSuccess: (saved) => queryClient.setQueryData(optionsKeys.all, saved),
  });
}
