import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { paymentMethods, type users } from '../../src/db/schema/index.js';
import type { InvoiceLineInput } from '../../src/modules/invoices/index.js';
import { insertUser, type TestContext } from './test-app.js';
import { saveTestMethodFor, TEST_METHODS } from './sandbox-methods.js';

/** The Pro plan, monthly, before tax, as an invoice line (9.00 € at IVA 21 %). */
export const PRO_LINE: InvoiceLineInput = {
  description: { en: 'Pro plan, monthly', es: 'Plan Pro, mensual', jp: 'Pro プラン（月額）' },
  quantity: 1,
  unitAmountCents: 900,
  taxId: null,
  taxName: 'IVA 21 %',
  taxRateBasisPoints: 2100,
};

/** A customer with a Spanish tax id and billing address, and a sandbox test card saved through the payments module (as /user/methods does). */
export async function customerWithCard(t: TestContext, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await insertUser(t.db, {
    taxId: 'ESX1234567Z',
    country: 'ES',
    billingAddress: { line1: 'Calle Luna 5', line2: null, city: 'Sevilla', postalCode: '41001', region: null, country: 'ES' },
    locale: 'es',
    ...overrides,
  });
  const added = await saveTestMethodFor(t, user, TEST_METHODS.ok, 'es');
  const [method] = await t.db.select().from(paymentMethods).where(eq(paymentMethods.id, added.id));
  return { user, method: method! };
}

/**
 * Charges `customer` the Pro line once through the payments module's one charge path, as a renewal
 * that changes nothing else: a payment, its invoice and the invoice's record.
 */
export function chargeProLine(
  payments: Pick<TestContext['app']['payments'], 'charge'>,
  customer: Awaited<ReturnType<typeof customerWithCard>>,
) {
  return payments.charge({
    userId: customer.user.id,
    method: customer.method,
    idempotencyKey: randomUUID(),
    purpose: 'renewal',
    description: PRO_LINE.description,
    subscriptionId: null,
    locale: 'es',
    lines: [PRO_LINE],
    taxRule: 'domestic',
    apply: async () => {},
  });
}
