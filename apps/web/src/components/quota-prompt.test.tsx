import { describe, expect, it } from 'vitest';
import { quotaReached } from './quota-prompt';

describe('quota reached', () => {
  it('is reached at the limit and beyond, and at once for a limit of zero', () => {
    expect(quotaReached(0, 1)).toBe(false);
    expect(quotaReached(1, 1)).toBe(true);
    expect(quotaReached(3, 1)).toBe(true);
    expect(quotaReached(0, 0)).toBe(true);
  });
});
