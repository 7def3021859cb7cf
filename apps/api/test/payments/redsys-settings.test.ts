import { describe, expect, it } from 'vitest';
import { appSecurityHeaders } from '../../src/platform/security-headers.js';
import { redsysQueryUrl, redsysUrls } from '../../src/modules/payments/index.js';
import { testConfig } from '../helpers/test-app.js';

const settings = {
  REDSYS_MERCHANT_CODE: '999008881',
  REDSYS_TERMINAL: '1',
  REDSYS_SECRET_KEY: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
  REDSYS_ENVIRONMENT: 'test',
};

describe('Redsys settings', () => {
  it('PAYMENT_PROVIDER=redsys refuses to start without each of its four settings, naming the missing ones', () => {
    expect(() => testConfig({ PAYMENT_PROVIDER: 'redsys' })).toThrow(
      /PAYMENT_PROVIDER=redsys needs REDSYS_MERCHANT_CODE, REDSYS_TERMINAL, REDSYS_SECRET_KEY, REDSYS_ENVIRONMENT/,
    );
    for (const name of Object.keys(settings) as (keyof typeof settings)[]) {
      const { [name]: _left, ...others } = settings;
      expect(() => testConfig({ PAYMENT_PROVIDER: 'redsys', ...others })).toThrow(new RegExp(`needs ${name} \\(`));
    }
  });

  it('refuses values that are not a merchant code, a terminal, a SHA-256 key or an environment', () => {
    expect(() => testConfig({ PAYMENT_PROVIDER: 'redsys', ...settings, REDSYS_MERCHANT_CODE: '12345' })).toThrow(
      /REDSYS_MERCHANT_CODE: the merchant code/,
    );
    expect(() => testConfig({ PAYMENT_PROVIDER: 'redsys', ...settings, REDSYS_TERMINAL: 'one' })).toThrow(
      /REDSYS_TERMINAL: a terminal number/,
    );
    expect(() => testConfig({ PAYMENT_PROVIDER: 'redsys', ...settings, REDSYS_SECRET_KEY: 'short' })).toThrow(/REDSYS_SECRET_KEY/);
    expect(() => testConfig({ PAYMENT_PROVIDER: 'redsys', ...settings, REDSYS_ENVIRONMENT: 'prod' })).toThrow(/REDSYS_ENVIRONMENT/);
    expect(() => testConfig({ PAYMENT_PROVIDER: 'redsys', ...settings, REDSYS_BIZUM: 'yes' })).toThrow(/REDSYS_BIZUM/);
  });

  it('reads them; the environment picks Redsys’ addresses unless REDSYS_URL overrides them', () => {
    const config = testConfig({ PAYMENT_PROVIDER: 'redsys', ...settings });
    expect(config.redsys).toEqual({
      merchantCode: '999008881',
      terminal: '1',
      secretKey: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
      environment: 'test',
      baseUrl: undefined,
      bizum: false,
    });
    expect(testConfig().redsys).toBeNull();
    expect(redsysUrls(config.redsys!).redirect).toBe('https://sis-t.redsys.es:25443/sis/realizarPago');
    expect(redsysUrls({ environment: 'live', baseUrl: undefined }).restTrataPeticion).toBe(
      'https://sis.redsys.es/sis/rest/trataPeticionREST',
    );
    const local = testConfig({ PAYMENT_PROVIDER: 'redsys', ...settings, REDSYS_URL: 'http://127.0.0.1:9/', REDSYS_BIZUM: 'true' }).redsys!;
    expect(local).toMatchObject({ baseUrl: 'http://127.0.0.1:9', bizum: true });
    expect(redsysUrls(local).restIniciaPeticion).toBe('http://127.0.0.1:9/sis/rest/iniciaPeticionREST');
    // The query web service, under the same host.
    expect(redsysQueryUrl(config.redsys!)).toBe('https://sis-t.redsys.es:25443/apl02/services/SerClsWSConsulta');
    expect(redsysQueryUrl({ environment: 'live', baseUrl: undefined })).toBe('https://sis.redsys.es/apl02/services/SerClsWSConsulta');
    expect(redsysQueryUrl(local)).toBe('http://127.0.0.1:9/apl02/services/SerClsWSConsulta');
  });

  it('the CSP lets forms post to Redsys’ page only when Redsys is the provider', () => {
    const form = (csp: string) =>
      csp
        .split(';')
        .map((p) => p.trim())
        .find((p) => p.startsWith('form-action '));
    expect(
      form(
        appSecurityHeaders('/api/country-lookup', 'redsys', 'https://sis-t.redsys.es:25443/sis/realizarPago')['content-security-policy']!,
      ),
    ).toBe("form-action 'self' https://sis-t.redsys.es:25443");
    expect(form(appSecurityHeaders('/api/country-lookup', 'sandbox')['content-security-policy']!)).toBe("form-action 'self'");
  });
});
