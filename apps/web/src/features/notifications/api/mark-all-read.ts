import { useMutation } from '@tanstack/react-query';
import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { queryClient } from '@/lib/query-client';
import { notificationKeys } from './keys';

const readAllAnswer = okResponse(z.object({ affected: z.number() }));

/** `POST /api/notifications/read-all`: answers how many were unread. */
export async function markAllRead(): Promise<{ affected: number }> {
  return (await apiSend('POST', '/api/notifications/read-all', undefined, readAllAnswer)).data;
}

export function useMarkAllRead() {
  return useMutation(
    { mutationFn: markAllRead, onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }) },
    queryClient,
  );
}
