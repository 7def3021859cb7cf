import type { Message, MessageUpdateBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { messageAnswer, messagePath } from './keys';

/** `PATCH /api/mailbox/messages/{id}`: read, starred, archived. */
export async function updateMessage(id: string, body: MessageUpdateBody): Promise<Message> {
  return (await apiSend('PATCH', messagePath(id), body, messageAnswer)).data;
}
