export type { CouponsService, Discount, Reservation } from './service.js';
export { quoteDiscount } from './service.js';
export { discountCents, type CouponTarget } from './discount.js';
