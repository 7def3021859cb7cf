import { couponAdminSchema, okResponse, type CouponBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useCouponMutation } from './coupon-mutation';

export const createCoupon = async (body: CouponBody) =>
  (await apiSend('POST', '/api/admin/coupons', body, okResponse(couponAdminSchema))).data;
export const useCreateCoupon = () => useCouponMutation(createCoupon);
