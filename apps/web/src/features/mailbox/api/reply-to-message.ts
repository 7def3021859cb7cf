import { useMutation } from '@tanstack/react-query';
import type { Message, MessageReplyBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { messageAnswer, messagePath } from './keys';
import { useRefreshMailbox } from './use-refresh-mailbox';

/** `POST /api/mailbox/messages/{id}/reply`: answers the stored message. */
export async function replyToMessage(id: string, body: MessageReplyBody): Promise<Message> {
  return (await apiSend('POST', `${messagePath(id)}/reply`, body, messageAnswer)).data;
}

export function useReplyToMessage() {
  const refresh = useRefreshMailbox();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MessageReplyBody }) => replyToMessage(id, body),
    onSuccess: refresh,
  });
}
