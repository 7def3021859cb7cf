import { queryOptions, useQuery } from '@tanstack/react-query';
import { couponAdminSchema, okResponse } from '@enlaza/contracts';
import { z } from 'zod';
import { couponKeys } from '@/lib/api/admin-keys';
import { apiGet } from '@/lib/http';

export const couponsQueryOptions = () =>
  queryOptions({
    queryKey: couponKeys.all,
    queryFn: async () => (await apiGet('/api/admin/coupons', okResponse(z.array(couponAdminSchema)))).data,
  });

/** Every coupon, newest first, with its redemptions and codes counted. */
export const useCoupons = () => useQuery(couponsQueryOptions());
