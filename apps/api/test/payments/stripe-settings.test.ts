import { describe, expect, it } from 'vitest';
import { testConfig } from '../helpers/test-app.js';

const keys = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

describe('Stripe settings', () => {
  it('PAYMENT_PROVIDER=stripe refuses to start without each of its three keys, naming the missing ones', () => {
    expect(() => testConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/,
    );
    for (const name of Object.keys(keys) as (keyof typeof keys)[]) {
      const { [name]: _left, ...others } = keys;
      expect(() => testConfig({ PAYMENT_PROVIDER: 'stripe', ...others })).toThrow(new RegExp(`needs ${name} \\(`));
    }
  });

  it('refuses keys that are not Stripe keys, and a test key with a live one', () => {
    expect(() => testConfig({ PAYMENT_PROVIDER: 'stripe', ...keys, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY: a Stripe secret key/,
    );
    expect(() => testConfig({ PAYMENT_PROVIDER: 'stripe', ...keys, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: a Stripe webhook signing secret/,
    );
    expect(() => testConfig({ PAYMENT_PROVIDER: 'stripe', ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toThrow(/different modes/);
    expect(() => testConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('reads the keys, the test mode and another API address', () => {
    expect(testConfig({ PAYMENT_PROVIDER: 'stripe', ...keys }).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      publishableKey: 'pk_test_abc123',
      webhookSecret: 'whsec_abc123',
      testMode: true,
      api: undefined,
    });
    const live = { STRIPE_SECRET_KEY: 'sk_live_x1', STRIPE_PUBLISHABLE_KEY: 'pk_live_x1', STRIPE_WEBHOOK_SECRET: 'whsec_x1' };
    expect(testConfig({ PAYMENT_PROVIDER: 'stripe', ...live }).stripe?.testMode).toBe(false);
    expect(
      testConfig({
        PAYMENT_PROVIDER: 'stripe',
        ...keys,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: '12111',
        STRIPE_API_PROTOCOL: 'http',
      }).stripe?.api,
    ).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    expect(() => testConfig({ PAYMENT_PROVIDER: 'stripe', ...keys, STRIPE_API_HOST: '127.0.0.1' })).toThrow(
      /STRIPE_API_HOST and STRIPE_API_PORT/,
    );
    // The sandbox needs none of them.
    expect(testConfig({}).stripe).toBeNull();
  });
});
