import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  messageSchema,
  okResponse,
  type Message,
  type MessageBulkBody,
  type MessageReplyBody,
  type MessageUpdateBody,
} from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { mailboxKeys } from '@/lib/api/mailbox-keys';

const messageAnswer = okResponse(messageSchema);
const bulkAnswer = okResponse(z.object({ affected: z.number() }));
const path = (id: string) => `/api/mailbox/messages/${encodeURIComponent(id)}`;

export type MessageAction = { type: 'update'; body: MessageUpdateBody } | { type: 'trash' } | { type: 'restore' };

/** PATCH (read, star, archive), DELETE (to the trash) or restore one message. */
export async function runMessageAction(id: string, action: MessageAction): Promise<Message> {
  if (action.type === 'update') return (await apiSend('PATCH', path(id), action.body, messageAnswer)).data;
  if (action.type === 'trash') return (await apiSend('DELETE', path(id), undefined, messageAnswer)).data;
  return (await apiSend('POST', `${path(id)}/restore`, undefined, messageAnswer)).data;
}

export const replyToMessage = async (id: string, body: MessageReplyBody) =>
  (await apiSend('POST', `${path(id)}/reply`, body, messageAnswer)).data;

export const runBulkAction = async (profileId: string, body: MessageBulkBody) =>
  (await apiSend('POST', `/api/mailbox/${encodeURIComponent(profileId)}/messages/bulk`, body, bulkAnswer)).data;

/** Every change refetches the lists, the counts and the navigation badge. */
function useRefreshMailbox() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all });
}

export function useMessageAction() {
  const refresh = useRefreshMailbox();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: MessageAction }) => runMessageAction(id, action),
    onSuccess: refresh,
  });
}

export function useReplyToMessage() {
  const refresh = useRefreshMailbox();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MessageReplyBody }) => replyToMessage(id, body),
    onSuccess: refresh,
  });
}

export function useBulkAction(profileId: string) {
  const refresh = useRefreshMailbox();
  return useMutation({ mutationFn: (body: MessageBulkBody) => runBulkAction(profileId, body), onSuccess: refresh });
}
