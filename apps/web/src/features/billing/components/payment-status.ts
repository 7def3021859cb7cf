import type { Payment } from '@enlaza/contracts';

/** The badge colour of each payment status (light variant: AA in both schemes, app/theme-contrast.test.ts). */
export const STATUS_COLORS: Record<Payment['status'], string> = {
  succeeded: 'teal',
  failed: 'red',
  refunded: 'gray',
  partially_refunded: 'orange',
  requires_action: 'yellow',
  processing: 'blue',
};
