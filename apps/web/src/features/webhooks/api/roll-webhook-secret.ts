import { okResponse, webhookEndpointWithSecretSchema, type WebhookEndpointWithSecret } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { webhookPath } from './keys';
import { useWebhookMutation } from './use-webhook-mutation';

/** `POST /api/webhooks/{id}/roll-secret`: a new signing secret, shown once. */
export async function rollWebhookSecret(id: string): Promise<WebhookEndpointWithSecret> {
  return (await apiSend('POST', `${webhookPath(id)}/roll-secret`, undefined, okResponse(webhookEndpointWithSecretSchema))).data;
}

export const useRollWebhookSecret = () => useWebhookMutation('roll', rollWebhookSecret);
