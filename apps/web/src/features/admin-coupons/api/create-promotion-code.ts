import { okResponse, promotionCodeAdminSchema, type PromotionCodeBody } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useCouponMutation } from './coupon-mutation';

export const createPromotionCode = async ({ couponId, body }: { couponId: string; body: PromotionCodeBody }) =>
  (await apiSend('POST', `/api/admin/coupons/${encodeURIComponent(couponId)}/promotion-codes`, body, okResponse(promotionCodeAdminSchema)))
    .data;
export const useCreatePromotionCode = () => useCouponMutation(createPromotionCode);
