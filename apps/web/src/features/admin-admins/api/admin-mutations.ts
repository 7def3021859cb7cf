import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserDetailSchema, okResponse, type AdminUserDetail } from '@enlaza/contracts';
import type { z } from 'zod';
import type { createAdminBodySchema } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { adminAdminKeys } from './list-admins';

const detailResponseSchema = okResponse(adminUserDetailSchema);
export type CreateAdminBody = z.input<typeof createAdminBodySchema>;

export async function createAdmin(body: CreateAdminBody): Promise<AdminUserDetail> {
  return (await apiSend('POST', '/api/admin/admins', body, detailResponseSchema)).data;
}

export async function setAdminEnabled(id: string, enabled: boolean): Promise<AdminUserDetail> {
  const path = `/api/admin/admins/${encodeURIComponent(id)}/${enabled ? 'enable' : 'disable'}`;
  return (await apiSend('POST', path, undefined, detailResponseSchema)).data;
}

/** POST /api/admin/admins: the new admin receives a link to choose a password. */
export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAdminKeys.all }),
  });
}

/** Disable or enable an admin; the server refuses (409) oneself and the last active admin. */
export function useSetAdminEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => setAdminEnabled(id, enabled),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAdminKeys.all }),
  });
}
