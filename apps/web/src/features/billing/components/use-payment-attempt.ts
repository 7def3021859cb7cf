import { useRef, useState } from 'react';
import type { CheckoutResult, MethodKindName } from '@enlaza/contracts';
import { newIdempotencyKey, type PayWith } from '../api/billing';
import type { NextAction } from './authentication-props';

/** Where a payment attempt is: the form, a method being added, the customer's authentication, a debit accepted. */
export type Stage =
  | { kind: 'form' }
  | { kind: 'add'; method: MethodKindName }
  | { kind: 'authenticate'; payWith: PayWith; key: string; nextAction: NextAction }
  | { kind: 'processing'; result: CheckoutResult };

/**
 * One purchase's attempts: a key per attempt (kept for a double click and for the request repeated
 * after 3-D Secure, a new one after a failure), and the stage the last answer leads to:
 * `requires_action` → the authentication step, `processing` → "your bank confirms it", `succeeded`
 * → `onPaid`.
 */
export function usePaymentAttempt({
  pay,
  onPaid,
}: {
  pay: (payWith: PayWith, idempotencyKey: string) => Promise<CheckoutResult>;
  onPaid: (result: CheckoutResult) => void;
}) {
  const key = useRef(newIdempotencyKey());
  const [stage, setStage] = useState<Stage>({ kind: 'form' });
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const failed = (failure: unknown) => {
    setError(failure);
    setStage({ kind: 'form' });
    key.current = newIdempotencyKey();
  };

  /** Charges with the attempt's key, or (after authentication) asks again with the same one. */
  const charge = async (payWith: PayWith, attemptKey = key.current) => {
    setPaying(true);
    setError(null);
    try {
      const result = await pay(payWith, attemptKey);
      const { status, failureMessage } = result.payment;
      if (status === 'requires_action' && result.nextAction)
        setStage({ kind: 'authenticate', payWith, key: attemptKey, nextAction: result.nextAction });
      else if (status === 'processing') setStage({ kind: 'processing', result });
      else if (status === 'failed') failed(new Error(failureMessage ?? ''));
      else onPaid(result);
    } catch (failure) {
      failed(failure);
    } finally {
      setPaying(false);
    }
  };

  return { stage, setStage, paying, error, charge };
}
