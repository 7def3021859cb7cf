import { translate } from '../../lib/i18n.js';
import { discountCents, type Discount } from '../coupons/index.js';
import type { InvoiceLineInput } from '../invoices/index.js';
import { texts } from './service-context.js';

/** A promotion code applied to a charge: the coupon's discount, and what it took off (before tax). */
export type AppliedDiscount = { discount: Discount; amountOffCents: number };

/**
 * The lines with a coupon's discount taken off `line` (the offer's or add-on's line): one negative
 * line under the same tax (the tax is then computed on the discounted base, per rate, as the
 * invoice does), named after the coupon and its code. A coupon that recurs (`repeating`,
 * `forever`) on a plan carries the plan line's period of service (the dashboard's MRR counts it);
 * a `once` coupon's line has none. Nothing to take off: the lines as they were.
 */
export function withDiscount(
  lines: InvoiceLineInput[],
  line: InvoiceLineInput,
  discount: Discount | undefined,
  recurs: boolean,
): { lines: InvoiceLineInput[]; applied?: AppliedDiscount } {
  if (!discount) return { lines };
  const amountOffCents = discountCents(discount.terms, line.unitAmountCents * line.quantity);
  const applied = { discount, amountOffCents };
  if (amountOffCents === 0) return { lines, applied };
  const discountLine: InvoiceLineInput = {
    description: texts((l) => translate(l, 'billing.line_discount', { name: discount.name, code: discount.code })),
    quantity: 1,
    unitAmountCents: -amountOffCents,
    taxId: line.taxId,
    taxName: line.taxName,
    taxRateBasisPoints: line.taxRateBasisPoints,
    discount: true,
    ...(recurs && discount.terms.duration !== 'once' && line.period ? { period: line.period } : {}),
  };
  const at = lines.indexOf(line);
  return { lines: [...lines.slice(0, at + 1), discountLine, ...lines.slice(at + 1)], applied };
}
