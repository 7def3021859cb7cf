import {
  okResponse,
  webhookEndpointWithSecretSchema,
  type CreateWebhookEndpointBody,
  type WebhookEndpointWithSecret,
} from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useWebhookMutation } from './use-webhook-mutation';

/** `POST /api/webhooks`: the answer holds the signing secret, shown once. */
export async function createWebhookEndpoint(body: CreateWebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
  return (await apiSend('POST', '/api/webhooks', body, okResponse(webhookEndpointWithSecretSchema))).data;
}

export const useCreateWebhookEndpoint = () => useWebhookMutation('create', createWebhookEndpoint);
