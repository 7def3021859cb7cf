import { okResponse, webhookEndpointSchema, type UpdateWebhookEndpointBody, type WebhookEndpoint } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { webhookPath } from './keys';
import { useWebhookMutation } from './use-webhook-mutation';

/** `PATCH /api/webhooks/{id}`. */
export async function updateWebhookEndpoint({ id, body }: { id: string; body: UpdateWebhookEndpointBody }): Promise<WebhookEndpoint> {
  return (await apiSend('PATCH', webhookPath(id), body, okResponse(webhookEndpointSchema))).data;
}

export const useUpdateWebhookEndpoint = () => useWebhookMutation('update', updateWebhookEndpoint);
