import { couponAdminSchema, okResponse } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useCouponMutation } from './coupon-mutation';

/** No new redemptions of the coupon or its codes; running discounts go on. */
export const archiveCoupon = async (id: string) =>
  (await apiSend('POST', `/api/admin/coupons/${encodeURIComponent(id)}/archive`, undefined, okResponse(couponAdminSchema))).data;
export const useArchiveCoupon = () => useCouponMutation(archiveCoupon);
