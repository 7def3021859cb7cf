import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('makes zod parse without eval, and keeps zod itself out of the module', async () => {
    await import('./zod-config');
    const { globalConfig } = await import('zod/v4/core');
    expect(globalConfig.jitless).toBe(true);
    const { z } = await import('zod');
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
