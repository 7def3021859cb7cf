import { useQueryClient } from '@tanstack/react-query';
import { mailboxKeys } from '@/lib/api/mailbox-keys';

/** Every change refetches the lists, the counts and the navigation badge. */
export function useRefreshMailbox() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mailboxKeys.all });
}
