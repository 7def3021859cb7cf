import { useMutation } from '@tanstack/react-query';
import { okResponse, type MessageBulkBody } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { useRefreshMailbox } from './use-refresh-mailbox';

const bulkAnswer = okResponse(z.object({ affected: z.number() }));

/** `POST /api/mailbox/{profileId}/messages/bulk`: one change to several messages; answers how many changed. */
export async function runBulkAction(profileId: string, body: MessageBulkBody): Promise<{ affected: number }> {
  return (await apiSend('POST', `/api/mailbox/${encodeURIComponent(profileId)}/messages/bulk`, body, bulkAnswer)).data;
}

export function useBulkAction(profileId: string) {
  const refresh = useRefreshMailbox();
  return useMutation({ mutationFn: (body: MessageBulkBody) => runBulkAction(profileId, body), onSuccess: refresh });
}
