import { useMutation } from '@tanstack/react-query';
import { notificationSchema, okResponse, type Notification } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { notificationKeys } from './keys';

const readAnswer = okResponse(notificationSchema);

/** `POST /api/notifications/{id}/read`. */
export async function markRead(id: string): Promise<Notification> {
  return (await apiSend('POST', `/api/notifications/${encodeURIComponent(id)}/read`, undefined, readAnswer)).data;
}

export function useMarkRead() {
  return useMutation(
    { mutationFn: markRead, onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) },
    queryClient,
  );
}
