import { okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { apiSend } from '@/lib/http';
import { webhookPath } from './keys';
import { useWebhookMutation } from './use-webhook-mutation';

/** `DELETE /api/webhooks/{id}`. */
export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await apiSend('DELETE', webhookPath(id), undefined, okResponse(z.object({})));
}

export const useDeleteWebhookEndpoint = () => useWebhookMutation('delete', deleteWebhookEndpoint);
