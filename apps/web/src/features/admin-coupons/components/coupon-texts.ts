import type { CouponAdmin, Locale } from '@enlaza/contracts';
import type { TFunction } from 'i18next';
import { formatMoney } from '@/lib/format';

/** "25 %" or "3,00 €": what the coupon takes off. */
export const discountText = (c: Pick<CouponAdmin, 'percentOff' | 'amountOffCents'>, locale: Locale) =>
  c.percentOff !== null ? `${c.percentOff} %` : formatMoney(c.amountOffCents ?? 0, locale);

/** "Once", "3 months", "Forever". */
export const durationText = (c: Pick<CouponAdmin, 'duration' | 'durationInMonths'>, t: TFunction) =>
  c.duration === 'repeating'
    ? t('admin-coupons:duration.months', { count: c.durationInMonths ?? 0 })
    : t(`admin-coupons:duration.${c.duration}`);
