import { queryOptions, useQuery } from '@tanstack/react-query';
import { couponDetailSchema, okResponse } from '@enlaza/contracts';
import { couponKeys } from '@/lib/api/admin-keys';
import { apiGet } from '@/lib/http';

export const couponQueryOptions = (id: string) =>
  queryOptions({
    queryKey: couponKeys.detail(id),
    queryFn: async () => (await apiGet(`/api/admin/coupons/${encodeURIComponent(id)}`, okResponse(couponDetailSchema))).data,
  });

/** One coupon with its promotion codes and its redemptions. */
export const useCoupon = (id: string) => useQuery(couponQueryOptions(id));
