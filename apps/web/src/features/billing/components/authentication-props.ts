import type { paymentNextActionSchema } from '@enlaza/contracts';
import type { z } from 'zod';

/** What completes a payment waiting for the customer (3-D Secure), as the API answers it. */
export type NextAction = NonNullable<z.infer<typeof paymentNextActionSchema>>;

/** The provider's authentication step, whichever provider draws it. */
export type AuthenticationProps = {
  nextAction: NextAction;
  /** The customer is done with the provider's step (passed or not): ask our server for the payment again. */
  onDone: () => void;
};
