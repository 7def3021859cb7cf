import { useMutation, useQueryClient } from '@tanstack/react-query';
import { okResponse, type AdminUserDetail } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { adminUserKeys } from '@/lib/api/admin-keys';
import { adminUserResponseSchema } from './get-user';

export const USER_ACTIONS = ['suspend', 'reactivate', 'verify', 'send-reset'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

const emptyResponseSchema = okResponse(z.object({}));

/** POST /api/admin/users/:id/<action>; the detail comes back except for send-reset. */
export async function runUserAction(id: string, action: UserAction): Promise<AdminUserDetail | null> {
  const path = `/api/admin/users/${encodeURIComponent(id)}/${action}`;
  if (action === 'send-reset') {
    await apiSend('POST', path, undefined, emptyResponseSchema);
    return null;
  }
  return (await apiSend('POST', path, undefined, adminUserResponseSchema)).data;
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
