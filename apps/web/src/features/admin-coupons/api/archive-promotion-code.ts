import { okResponse, promotionCodeAdminSchema } from '@enlaza/contracts';
import { apiSend } from '@/lib/http';
import { useCouponMutation } from './coupon-mutation';

export const archivePromotionCode = async (id: string) =>
  (await apiSend('POST', `/api/admin/promotion-codes/${encodeURIComponent(id)}/archive`, undefined, okResponse(promotionCodeAdminSchema)))
    .data;
export const useArchivePromotionCode = () => useCouponMutation(archivePromotionCode);
