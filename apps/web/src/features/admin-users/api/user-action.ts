import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetail } from '@enlaza/contracts';
import { adminUserKeys } from '@/lib/api/admin-keys';
import { changeUserState } from './change-user-state';
import { sendReset } from './send-reset';

export const USER_ACTIONS = ['suspend', 'reactivate', 'verify', 'send-reset'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** One action on a customer, by the call of its kind; the detail comes back except for send-reset. */
export async function runUserAction(id: string, action: UserAction): Promise<AdminUserDetail | null> {
  if (action === 'send-reset') {
    await sendReset(id);
    return null;
  }
  return changeUserState(id, action);
}

/** Runs an action on a customer; the detail is refreshed from the answer and the list refetched. */
export function useUserAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: UserAction) => runUserAction(id, action),
    onSuccess: async (detail) => {
      if (detail) queryClient.setQueryData(adminUserKeys.detail(id), detail);
      await queryClient.invalidateQueries({ queryKey: adminUserKeys.lists });
    },
  });
}
