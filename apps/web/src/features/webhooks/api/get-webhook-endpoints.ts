import { queryOptions, useQuery } from '@tanstack/react-query';
import { okResponse, webhookEndpointSchema, type WebhookEndpoint } from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet } from '@/lib/http';
import { webhookKeys } from './keys';

/** `GET /api/webhooks`: my endpoints, newest first (never their secrets). */
export async function getWebhookEndpoints(): Promise<WebhookEndpoint[]> {
  return (await apiGet('/api/webhooks', okResponse(z.array(webhookEndpointSchema)))).data;
}

export const webhookEndpointsQueryOptions = () => queryOptions({ queryKey: webhookKeys.all, queryFn: getWebhookEndpoints });

export const useWebhookEndpoints = () => useQuery(webhookEndpointsQueryOptions());
