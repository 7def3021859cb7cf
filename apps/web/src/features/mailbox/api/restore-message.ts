import type { Message } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { messageAnswer, messagePath } from './keys';

/** `POST /api/mailbox/messages/{id}/restore`: back from the trash. */
export async function restoreMessage(id: string): Promise<Message> {
  return (await apiSend('POST', `${messagePath(id)}/restore`, undefined, messageAnswer)).data;
}
