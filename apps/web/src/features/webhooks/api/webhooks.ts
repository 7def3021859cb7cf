import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  okResponse,
  webhookDeliveryDetailSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
} from '@enlaza/contracts';
import { z } from 'zod';
import { apiGet, apiSend } from '@/lib/http';

/** Query keys of my webhook endpoints and their delivery logs. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (endpointId: string) => ['webhooks', endpointId, 'deliveries'] as const,
  delivery: (endpointId: string, deliveryId: string | null) => [...webhookKeys.deliveries(endpointId), deliveryId] as const,
};
const path = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

/** `GET /api/webhooks`: my endpoints, newest first (never their secrets). */
export function useWebhookEndpoints() {
  return useQuery(
    queryOptions({
      queryKey: webhookKeys.all,
      queryFn: async (): Promise<WebhookEndpoint[]> => (await apiGet('/api/webhooks', okResponse(z.array(webhookEndpointSchema)))).data,
    }),
  );
}

/** `GET /api/webhooks/{id}/deliveries`: the endpoint's newest deliveries; refreshed while the log is open. */
export function useWebhookDeliveries(id: string | null) {
  return useQuery({
    queryKey: webhookKeys.deliveries(id ?? ''),
    enabled: id !== null,
    refetchInterval: 5000,
    queryFn: async (): Promise<WebhookDelivery[]> =>
      (await apiGet(`${path(id ?? '')}/deliveries`, okResponse(z.array(webhookDeliverySchema)))).data,
  });
}

/** `GET /api/webhooks/{id}/deliveries/{deliveryId}`: one delivery with every attempt. */
export function useWebhookDelivery(id: string, deliveryId: string | null) {
  return useQuery({
    queryKey: webhookKeys.delivery(id, deliveryId),
    enabled: deliveryId !== null,
    queryFn: async (): Promise<WebhookDeliveryDetail> =>
      (await apiGet(`${path(id)}/deliveries/${encodeURIComponent(deliveryId ?? '')}`, okResponse(webhookDeliveryDetailSchema))).data,
  });
}

function useInvalidating<A, R>(key: string, fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...webhookKeys.all, key],
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useCreateWebhookEndpoint = () =>
  useInvalidating(
    'create',
    async (body: CreateWebhookEndpointBody): Promise<WebhookEndpointWithSecret> =>
      (await apiSend('POST', '/api/webhooks', body, okResponse(webhookEndpointWithSecretSchema))).data,
  );

export const useUpdateWebhookEndpoint = () =>
  useInvalidating(
    'update',
    async ({ id, body }: { id: string; body: UpdateWebhookEndpointBody }): Promise<WebhookEndpoint> =>
      (await apiSend('PATCH', path(id), body, okResponse(webhookEndpointSchema))).data,
  );

export const useDeleteWebhookEndpoint = () =>
  useInvalidating('delete', async (id: string): Promise<void> => {
    await apiSend('DELETE', path(id), undefined, okResponse(z.object({})));
  });

export const useRollWebhookSecret = () =>
  useInvalidating(
    'roll',
    async (id: string): Promise<WebhookEndpointWithSecret> =>
      (await apiSend('POST', `${path(id)}/roll-secret`, undefined, okResponse(webhookEndpointWithSecretSchema))).data,
  );

export const useResendWebhookDelivery = () =>
  useInvalidating(
    'resend',
    async ({ id, deliveryId }: { id: string; deliveryId: string }): Promise<WebhookDelivery> =>
      (
        await apiSend(
          'POST',
          `${path(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
          undefined,
          okResponse(webhookDeliverySchema),
        )
      ).data,
  );
