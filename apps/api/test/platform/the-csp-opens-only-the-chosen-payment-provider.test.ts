import { describe, expect, it } from 'vitest';
import { appSecurityHeaders } from '../../src/platform/security-headers.js';

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `)) ?? null;

describe("the CSP and the payment provider's component", () => {
  it('opens nothing for the sandbox (its component is ours)', () => {
    const csp = appSecurityHeaders('/api/country-lookup', 'sandbox')['content-security-policy']!;
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(csp, 'frame-src')).toBeNull();
    expect(csp).not.toContain('stripe');
  });

  it("opens Stripe.js, its frames and its API when Stripe is the provider, and nothing else's", () => {
    const csp = appSecurityHeaders('/api/country-lookup', 'stripe')['content-security-policy']!;
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://js.stripe.com");
    expect(directive(csp, 'frame-src')).toBe('frame-src https://js.stripe.com https://hooks.stripe.com');
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});
