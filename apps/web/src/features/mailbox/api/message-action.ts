import { useMutation } from '@tanstack/react-query';
import type { Message, MessageUpdateBody } from '@enlaza/contracts';
import { restoreMessage } from './restore-message';
import { trashMessage } from './trash-message';
import { updateMessage } from './update-message';
import { useRefreshMailbox } from './use-refresh-mailbox';

export type MessageAction = { type: 'update'; body: MessageUpdateBody } | { type: 'trash' } | { type: 'restore' };

/** Change (read, star, archive), trash or restore one message, by the call of its kind. */
export function runMessageAction(id: string, action: MessageAction): Promise<Message> {
  if (action.type === 'update') return updateMessage(id, action.body);
  if (action.type === 'trash') return trashMessage(id);
  return restoreMessage(id);
}

export function useMessageAction() {
  const refresh = useRefreshMailbox();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: MessageAction }) => runMessageAction(id, action),
    onSuccess: refresh,
  });
}
