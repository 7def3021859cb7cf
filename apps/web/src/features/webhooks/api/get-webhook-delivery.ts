import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, webhookDeliveryDetailSchema, type WebhookDeliveryDetail } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { webhookKeys, webhookPath } from './keys';

/** `GET /api/webhooks/{id}/deliveries/{deliveryId}`: one delivery with every attempt. */
export async function getWebhookDelivery(id: string, deliveryId: string): Promise<WebhookDeliveryDetail> {
  return (await apiGet(`${webhookPath(id)}/deliveries/${encodeURIComponent(deliveryId)}`, okResponse(webhookDeliveryDetailSchema))).data;
}

export const webhookDeliveryQueryOptions = (id: string, deliveryId: string | null) =>
  queryOptions({
    queryKey: webhookKeys.delivery(id, deliveryId),
    enabled: deliveryId !== null,
    queryFn: () => getWebhookDelivery(id, deliveryId ?? ''),
  });

export const useWebhookDelivery = (id: string, deliveryId: string | null) => useQuery(webhookDeliveryQueryOptions(id, deliveryId));
