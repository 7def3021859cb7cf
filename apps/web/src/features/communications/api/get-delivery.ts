import { queryOptions, useQuery } from '@tanstack/react-query';
import { deliveryDetailSchema, okResponse, type DeliveryDetail } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { communicationKeys } from './keys';

/** `GET /api/comunicaciones/{id}`: one outbound message with its events. */
export async function getDelivery(id: string): Promise<DeliveryDetail> {
  return (await apiGet(`/api/comunicaciones/${encodeURIComponent(id)}`, okResponse(deliveryDetailSchema))).data;
}

export const deliveryQueryOptions = (id: string | null) =>
  queryOptions({ queryKey: communicationKeys.one(id), enabled: id !== null, queryFn: () => getDelivery(id ?? '') });

export const useDelivery = (id: string | null) => useQuery(deliveryQueryOptions(id));
