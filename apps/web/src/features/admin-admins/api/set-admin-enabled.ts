import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserDetailSchema, okResponse, type AdminUserDetail } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { adminAdminKeys } from './list-admins';

/** `POST /api/admin/admins/{id}/{enable|disable}`; the server refuses (409) oneself and the last active admin. */
export async function setAdminEnabled(id: string, enabled: boolean): Promise<AdminUserDetail> {
  const path = `/api/admin/admins/${encodeURIComponent(id)}/${enabled ? 'enable' : 'disable'}`;
  return (await apiSend('POST', path, undefined, okResponse(adminUserDetailSchema))).data;
}

export function useSetAdminEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => setAdminEnabled(id, enabled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAdminKeys.all }),
  });
}
