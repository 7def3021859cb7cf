import { messageSchema, okResponse } from '@enlaza/contracts';

/** The answer of a change to one message: the message as stored. */
export const messageAnswer = okResponse(messageSchema);

/** One message's path. */
export const messagePath = (id: string) => `/api/mailbox/messages/${encodeURIComponent(id)}`;
