import type { Locale } from '@enlaza/contracts';
import { translate } from '../../lib/i18n.js';
import type { InvoiceLineInput, TaxTreatment } from '../invoices/index.js';
import { taxLine, texts, type Texts } from './service-context.js';

// Invoice lines of per-seat offers: seats as the quantity, one seat's price as the unit price.

/** What one seat of a plan's invoice line is called, by the number of seats and whether it is the rest of a period. */
export const seatsLineText = (
  plan: (l: Locale) => string,
  seats: number,
  key: 'line_plan_seats' | 'line_plan_seats_rest' | 'line_seats_added',
) => texts((l) => translate(l, `billing.${key}`, { plan: plan(l), seats }));

/** An invoice line of `seats` seats at `unitCents` each (quantity × unit price on the invoice), for the period of service. */
export function seatsLine(
  tax: TaxTreatment,
  description: Texts,
  unitCents: number,
  seats: number,
  period: { start: Date; end: Date },
): InvoiceLineInput {
  return { ...taxLine(tax, description, unitCents, period), quantity: seats };
}

/**
 * A plan line of an offer for a period: its price as it is (flat), or `seats` seats at its price
 * with the seats in the description ("Plan Business, seats × 5").
 */
export function planLine(
  tax: TaxTreatment,
  plan: (l: Locale) => string,
  unitCents: number,
  seats: number | null,
  period: { start: Date; end: Date },
  rest = false,
): InvoiceLineInput {
  if (seats === null)
    return taxLine(
      tax,
      texts((l) => translate(l, rest ? 'billing.line_plan_rest' : 'billing.line_plan', { plan: plan(l) })),
      unitCents,
      period,
    );
  return seatsLine(tax, seatsLineText(plan, seats, rest ? 'line_plan_seats_rest' : 'line_plan_seats'), unitCents, seats, period);
}
