import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { deliveryDetailSchema, deliveryPageSchema, okResponse, type DeliveryFilter } from '@enlaza/contracts';
import { downloadFile } from '@/lib/download-file';
import { apiGet } from '@/lib/http';

const PAGE_SIZE = 50;

/** Query keys of my outbound messages (Comunicaciones). */
export const communicationKeys = {
  all: ['communications'] as const,
  list: (filter: DeliveryFilter) => [...communicationKeys.all, 'list', filter] as const,
  one: (id: string | null) => [...communicationKeys.all, 'one', id] as const,
};

export function filterQuery(filter: DeliveryFilter): URLSearchParams {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) query.set(key, String(value));
  return query;
}

/** `GET /api/comunicaciones`: my outbound messages, filtered, one keyset page at a time. */
export function useDeliveries(filter: DeliveryFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: communicationKeys.list(filter),
      queryFn: ({ pageParam }) => {
        const query = filterQuery(filter);
        query.set('limit', String(PAGE_SIZE));
        if (pageParam) query.set('cursor', pageParam);
        return apiGet(`/api/comunicaciones?${query.toString()}`, deliveryPageSchema);
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.meta.nextCursor,
    }),
  );
}

export const useDelivery = (id: string | null) =>
  useQuery({
    queryKey: communicationKeys.one(id),
    enabled: id !== null,
    queryFn: async () => (await apiGet(`/api/comunicaciones/${encodeURIComponent(id ?? '')}`, okResponse(deliveryDetailSchema))).data,
  });

export const useExportDeliveries = () =>
  useMutation({
    mutationFn: (filter: DeliveryFilter) =>
      downloadFile(`/api/comunicaciones.csv?${filterQuery(filter).toString()}`, 'enlaza-comunicaciones.csv'),
  });
