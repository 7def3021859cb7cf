import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, webhookDeliverySchema, type WebhookDelivery } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { webhookKeys, webhookPath } from './keys';

/** `GET /api/webhooks/{id}/deliveries`: the endpoint's newest deliveries. */
export async function getWebhookDeliveries(id: string): Promise<WebhookDelivery[]> {
  return (await apiGet(`${webhookPath(id)}/deliveries`, okResponse(z.array(webhookDeliverySchema)))).data;
}

/** Refreshed while the log is open. */
export const webhookDeliveriesQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id ?? ''),
    enabled: id !== null,
    refetchInterval: 5000,
    queryFn: () => getWebhookDeliveries(id ?? ''),
  });

export const useWebhookDeliveries = (id: string | null) => useQuery(webhookDeliveriesQueryOptions(id));
