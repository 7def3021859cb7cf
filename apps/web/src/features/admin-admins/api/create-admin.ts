import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserDetailSchema, okResponse, type AdminUserDetail } from '@enlaza/contracts';
import type { z } from 'zod';
import type { createAdminBodySchema } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { adminAdminKeys } from './list-admins';

export type CreateAdminBody = z.input<typeof createAdminBodySchema>;

/** `POST /api/admin/admins`: the new admin receives a link to choose a password. */
export async function createAdmin(body: CreateAdminBody): Promise<AdminUserDetail> {
  return (await apiSend('POST', '/api/admin/admins', body, okResponse(adminUserDetailSchema))).data;
}

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAdmin, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminAdminKeys.all }) });
}
