import { z } from 'zod';

/**
 * Saving a payment method without its number reaching our server: the server starts a setup at the
 * provider, the provider's own component in the browser takes the card or the IBAN and completes
 * it, and the browser sends back only the setup's id.
 *
 *   POST /api/user/methods/setup {kind}            → methodSetupSchema
 *   (the provider's component completes it in the browser; for the sandbox:
 *    POST /api/payments/sandbox/setups/:setupId/confirm {testMethod, holder})
 *   POST /api/user/methods {setupId, mandateAccepted?, makeDefault?} → the saved method
 */

export const METHOD_KINDS = ['card', 'sepa_debit'] as const;
export type MethodKindName = (typeof METHOD_KINDS)[number];
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'redsys'] as const;

export const methodSetupRequestSchema = z.object({ kind: z.enum(METHOD_KINDS) });

export const methodSetupSchema = z.object({
  setupId: z.string(),
  /** What the provider's component needs (Stripe's SetupIntent client secret; the sandbox's setup id). */
  clientSecret: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe's publishable key for Stripe.js; null for the others. */
  publishableKey: z.string().nullable(),
  testMode: z.boolean(),
  kind: z.enum(METHOD_KINDS),
  /** SEPA Direct Debit: the mandate text the customer accepts (shown, and stored with the method). */
  mandateText: z.string().nullable(),
});
export type MethodSetup = z.infer<typeof methodSetupSchema>;

export const saveMethodSchema = z.object({
  setupId: z.string().trim().min(1).max(200),
  /** Required (true) for a SEPA account: the customer accepted the mandate text shown. */
  mandateAccepted: z.boolean().optional(),
  makeDefault: z.boolean().optional(),
});
export type SaveMethodInput = z.infer<typeof saveMethodSchema>;

/**
 * The sandbox's test methods, like Stripe's test PaymentMethods (`pm_card_visa`…): the picker in the
 * browser offers these, and never a number field. Each behaves as its name says.
 */
export const SANDBOX_TEST_METHODS = [
  { id: 'sandbox_card_visa', kind: 'card', brand: 'visa', last4: '4242', behaviour: 'succeeds' },
  { id: 'sandbox_card_authenticate_always', kind: 'card', brand: 'visa', last4: '3184', behaviour: 'authenticate_always' },
  { id: 'sandbox_card_authenticate_once', kind: 'card', brand: 'visa', last4: '3155', behaviour: 'authenticate_once' },
  { id: 'sandbox_card_declined_on_save', kind: 'card', brand: 'visa', last4: '0002', behaviour: 'declined_on_save' },
  { id: 'sandbox_card_charge_declined', kind: 'card', brand: 'visa', last4: '0341', behaviour: 'charge_declined' },
  { id: 'sandbox_card_insufficient_funds', kind: 'card', brand: 'visa', last4: '9995', behaviour: 'insufficient_funds' },
  { id: 'sandbox_sepa_settles', kind: 'sepa_debit', brand: 'sepa_debit', last4: '3000', behaviour: 'settles' },
  { id: 'sandbox_sepa_fails', kind: 'sepa_debit', brand: 'sepa_debit', last4: '3202', behaviour: 'debit_fails' },
] as const;
export type SandboxTestMethod = (typeof SANDBOX_TEST_METHODS)[number];
export const sandboxTestMethodIds = SANDBOX_TEST_METHODS.map((m) => m.id) as [SandboxTestMethod['id'], ...SandboxTestMethod['id'][]];

/** The sandbox's own component completing a setup (stands for the provider's page: only a test method's id, never a number). */
export const sandboxConfirmSetupSchema = z.object({
  testMethod: z.enum(sandboxTestMethodIds),
  holder: z.string().trim().min(2).max(120),
});

/** The sandbox's 3-D Secure challenge (stands for the card issuer's page): the customer passes or fails it. */
export const sandboxAuthenticateSchema = z.object({ result: z.enum(['pass', 'fail']) });

/** `GET /api/user/payments/:id`: a payment and, while it waits for the customer, what completes it. */
export const paymentNextActionSchema = z
  .object({
    kind: z.literal('authenticate'),
    provider: z.enum(PAYMENT_PROVIDERS),
    /** For the provider's component (Stripe `handleNextAction`; the sandbox's challenge). */
    clientSecret: z.string(),
    publishableKey: z.string().nullable(),
  })
  .nullable();
export type PaymentNextAction = z.infer<typeof paymentNextActionSchema>;
