import type { Database } from '../../db/client.js';
import { createSandboxProvider } from './providers/sandbox.js';
import type { PaymentProvider } from './providers/types.js';

export type {
  ChargeInput,
  DeclineReason,
  MethodKind,
  PaymentOutcome,
  PaymentProvider,
  ProviderCustomer,
  SavedMethod,
  SetupOutcome,
  SetupStart,
} from './providers/types.js';
export { ProviderIdempotencyError } from './providers/errors.js';
export type { SandboxProvider } from './providers/sandbox.js';

/**
 * The configured provider (PAYMENT_PROVIDER). The sandbox keeps its records in the app's database and
 * reads the product's clock (a SEPA debit settles three business days later on it).
 */
export function createPaymentProvider(name: 'sandbox', deps: { db: Database; now: () => Date }): PaymentProvider {
  switch (name) {
    case 'sandbox':
      return createSandboxProvider(deps.db, deps.now);
  }
}
