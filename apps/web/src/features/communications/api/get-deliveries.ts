import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { deliveryPageSchema, type DeliveryFilter, type DeliveryPage } from '@enlaza/contracts';
import { apiGet } from '@/lib/http';
import { communicationKeys, filterQuery } from './keys';

const PAGE_SIZE = 50;

/** `GET /api/comunicaciones`: my outbound messages, filtered, one keyset page at a time. */
export function getDeliveriesPage(filter: DeliveryFilter, cursor: string | null): Promise<DeliveryPage> {
  const query = filterQuery(filter);
  query.set('limit', String(PAGE_SIZE));
  if (cursor) query.set('cursor', cursor);
  return apiGet(`/api/comunicaciones?${query.toString()}`, deliveryPageSchema);
}

export const deliveriesQueryOptions = (filter: DeliveryFilter) =>
  infiniteQueryOptions({
    queryKey: communicationKeys.list(filter),
    queryFn: ({ pageParam }) => getDeliveriesPage(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.nextCursor,
  });

export const useDeliveries = (filter: DeliveryFilter) => useInfiniteQuery(deliveriesQueryOptions(filter));
