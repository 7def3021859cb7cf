import type { Message } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { messageAnswer, messagePath } from './keys';

/** `DELETE /api/mailbox/messages/{id}`: to the trash. */
export async function trashMessage(id: string): Promise<Message> {
  return (await apiSend('DELETE', messagePath(id), undefined, messageAnswer)).data;
}
