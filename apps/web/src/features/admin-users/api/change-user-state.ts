import type { AdminUserDetail } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { adminUserResponseSchema } from './get-user';

/** The actions that change a customer and answer the detail. */
export type UserStateAction = 'suspend' | 'reactivate' | 'verify';

/** `POST /api/admin/users/{id}/{suspend|reactivate|verify}`: answers the customer's detail. */
export async function changeUserState(id: string, action: UserStateAction): Promise<AdminUserDetail> {
  return (await apiSend('POST', `/api/admin/users/${encodeURIComponent(id)}/${action}`, undefined, adminUserResponseSchema)).data;
}
