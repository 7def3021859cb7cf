import { describe, expect, it } from 'vitest';
import { DEMO_SELLER_NAME, DEMO_SELLER_TAX_ID, loadConfig } from '../../src/config.js';

/** A real seller: a valid Spanish CIF and a name of its own. */
const REAL = { SELLER_TAX_ID: 'B12345674', SELLER_NAME: 'Tarjetas Reales S.L.' };

describe('with NODE_ENV=production the demo seller stops start-up, whatever the URL', () => {
  it.each([
    ['no PUBLIC_URL', {}],
    ['an http PUBLIC_URL', { PUBLIC_URL: 'http://cards.example.com' }],
    ['a loopback PUBLIC_URL', { PUBLIC_URL: 'http://localhost:3000' }],
    ['an https PUBLIC_URL', { PUBLIC_URL: 'https://cards.example.com', VERIFACTU_CERT_FILE: 'seller.p12' }],
  ])('%s: the placeholder tax id and name are refused, each named', (_, url) => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...url })).toThrow(
      new RegExp(`SELLER_TAX_ID is the demo placeholder ${DEMO_SELLER_TAX_ID} and SELLER_NAME is the demo placeholder ${DEMO_SELLER_NAME}`),
    );
    // The tax id alone, or the name alone, left at the demo's.
    expect(() => loadConfig({ NODE_ENV: 'production', ...url, SELLER_NAME: REAL.SELLER_NAME })).toThrow(
      /SELLER_TAX_ID is the demo placeholder ESB00000000 \(unset, or set to it\)/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...url, SELLER_TAX_ID: REAL.SELLER_TAX_ID })).toThrow(
      /SELLER_NAME is the demo placeholder Enlaza Demo S\.L\. \(unset, or set to it\)/,
    );
    // Set to the placeholder by hand (the .env.example's values) is the same.
    expect(() => loadConfig({ NODE_ENV: 'production', ...url, SELLER_TAX_ID: DEMO_SELLER_TAX_ID, SELLER_NAME: DEMO_SELLER_NAME })).toThrow(
      /DEMO_SELLER=true for a local demo/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ...url, ...REAL }).seller).toMatchObject({
      taxId: 'B12345674',
      name: 'Tarjetas Reales S.L.',
    });
  });

  it('an empty SELLER_NAME or SELLER_TAX_ID is refused as before', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...REAL, SELLER_NAME: '  ' })).toThrow(/SELLER_NAME/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...REAL, SELLER_TAX_ID: '' })).toThrow(/SELLER_TAX_ID/);
  });

  it('DEMO_SELLER=true runs the local demo in the demo seller’s name; development and tests need nothing', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO_SELLER: 'true' }).seller).toMatchObject({
      taxId: DEMO_SELLER_TAX_ID,
      name: DEMO_SELLER_NAME,
    });
    expect(loadConfig({ NODE_ENV: 'development' }).seller.taxId).toBe(DEMO_SELLER_TAX_ID);
    expect(loadConfig({ NODE_ENV: 'test' }).seller.taxId).toBe(DEMO_SELLER_TAX_ID);
  });
});
