import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';

/** `POST /api/admin/users/{id}/send-reset`: the customer gets a link to choose a new password. */
export async function sendReset(id: string): Promise<void> {
  await apiSend('POST', `/api/admin/users/${encodeURIComponent(id)}/send-reset`, undefined, okResponse(z.object({})));
}
