import { okResponse, webhookDeliverySchema, type WebhookDelivery } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { webhookPath } from './keys';
import { useWebhookMutation } from './use-webhook-mutation';

/** `POST /api/webhooks/{id}/deliveries/{deliveryId}/resend`: the same event once more. */
export async function resendWebhookDelivery({ id, deliveryId }: { id: string; deliveryId: string }): Promise<WebhookDelivery> {
  const path = `${webhookPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`;
  return (await apiSend('POST', path, undefined, okResponse(webhookDeliverySchema))).data;
}

export const useResendWebhookDelivery = () => useWebhookMutation('resend', resendWebhookDelivery);
