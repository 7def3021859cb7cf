import { describe, expect, it } from 'vitest';
import { withinClaimLease } from '../../src/modules/campaigns/sender.js';

describe('a claimed row is sent on its claim’s lease only while a whole send still fits in it', () => {
  const lease = 300; // seconds, set on the database after `claimedAt`
  const send = 60_000; // the longest one SMTP send may take

  it('needs no extra hold right after the claim', () => {
    expect(withinClaimLease(1_000, lease, send, 1_000)).toBe(true);
    expect(withinClaimLease(1_000, lease, send, 1_000 + 239_999)).toBe(true);
  });

  it('re-holds the row once a send started now could outlast the lease', () => {
    expect(withinClaimLease(1_000, lease, send, 1_000 + 240_000)).toBe(false);
    expect(withinClaimLease(1_000, lease, send, 1_000 + 400_000)).toBe(false);
  });

  it('always re-holds when the lease is shorter than one send', () => {
    expect(withinClaimLease(1_000, 4, send, 1_000)).toBe(false);
  });
});
