/** Query keys of my webhook endpoints and their delivery logs. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  deliveries: (endpointId: string) => ['webhooks', endpointId, 'deliveries'] as const,
  delivery: (endpointId: string, deliveryId: string | null) => [...webhookKeys.deliveries(endpointId), deliveryId] as const,
};

/** An endpoint's path. */
export const webhookPath = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;
