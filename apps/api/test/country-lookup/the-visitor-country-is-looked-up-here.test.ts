import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countryTableFromCsv } from '../../src/modules/country-lookup/ip-ranges.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

const table = fileURLToPath(new URL('../fixtures/country-table.csv', import.meta.url));
// Unset COUNTRY_LOOKUP_URL: the app's own lookup, as a fresh install runs.
const ownLookup = { COUNTRY_LOOKUP_URL: '', COUNTRY_TABLE_FILES: table };

describe('the phone input asks the app, not an outside service, for the visitor’s country', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(ownLookup);
  });
  afterAll(() => t.close());

  it('names the own lookup in the pages and opens no other origin in the CSP', async () => {
    for (const url of ['/', '/user/perfil']) {
      const page = await t.app.inject({ url });
      expect(page.body).toContain('<meta name="country-lookup-url" content="/api/country-lookup">');
      expect(page.headers['content-security-policy']).toMatch(/connect-src 'self'(;|$)/);
      expect(page.body).not.toContain('ip2c.org');
    }
  });

  it('answers the format the phone input reads, from the address asking', async () => {
    const res = await t.app.inject({ url: '/api/country-lookup', remoteAddress: '192.0.2.10' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^private/);
    expect(res.body).toBe('1;ES;;Spain');
    expect((await t.app.inject({ url: '/api/country-lookup', remoteAddress: '198.51.100.200' })).body).toBe('1;JP;;Japan');
    expect((await t.app.inject({ url: '/api/country-lookup', remoteAddress: '2001:db8::1' })).body).toBe('1;FR;;France');
    // An IPv4 client on a dual-stack socket.
    expect((await t.app.inject({ url: '/api/country-lookup', remoteAddress: '::ffff:192.0.2.1' })).body).toBe('1;ES;;Spain');
  });

  it('answers "unknown" for an address in no range', async () => {
    for (const remoteAddress of ['127.0.0.1', '192.0.3.0', '2001:db9::1', '::1'])
      expect((await t.app.inject({ url: '/api/country-lookup', remoteAddress })).body).toBe('2;;;UNKNOWN');
  });

  it('without TRUST_PROXY, a made-up X-Forwarded-For changes nothing', async () => {
    const res = await t.app.inject({
      url: '/api/country-lookup',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '192.0.2.10' },
    });
    expect(res.body).toBe('2;;;UNKNOWN');
  });
});

describe('behind TRUST_PROXY’s proxies', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ ...ownLookup, TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('looks up the client the proxy names, not the proxy', async () => {
    const res = await t.app.inject({
      url: '/api/country-lookup',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '192.0.2.10' },
    });
    expect(res.body).toBe('1;ES;;Spain');
    // Only one hop is trusted: what the client wrote before the proxy's entry is not believed.
    const forged = await t.app.inject({
      url: '/api/country-lookup',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '192.0.2.10, 203.0.113.5' },
    });
    expect(forged.body).toBe('2;;;UNKNOWN');
  });
});

describe('a fresh install (no COUNTRY_TABLE_FILES)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ COUNTRY_LOOKUP_URL: '' });
  });
  afterAll(() => t.close());

  it('answers from the address ranges shipped as a dependency (@ip-location-db/geo-whois-asn-country), IPv4 and IPv6', async () => {
    // Telefónica España's networks, in the pinned package's ranges.
    expect((await t.app.inject({ url: '/api/country-lookup', remoteAddress: '81.45.0.1' })).body).toBe('1;ES;;Spain');
    expect((await t.app.inject({ url: '/api/country-lookup', remoteAddress: '2a02:9000::1' })).body).toBe('1;ES;;Spain');
    expect((await t.app.inject({ url: '/api/country-lookup', remoteAddress: '127.0.0.1' })).body).toBe('2;;;UNKNOWN');
  });
});

describe('an operator’s choice of an outside service', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ COUNTRY_LOOKUP_URL: 'https://lookup.example/s' });
  });
  afterAll(() => t.close());

  it('is named in the page and opened in the CSP', async () => {
    const page = await t.app.inject({ url: '/' });
    expect(page.body).toContain('<meta name="country-lookup-url" content="https://lookup.example/s">');
    expect(page.headers['content-security-policy']).toMatch(/connect-src 'self' https:\/\/lookup\.example(;|$)/);
  });
});

describe('the address-range table', () => {
  it('reads ranges and networks, skips what is neither, and finds the range around an address', () => {
    const lookup = countryTableFromCsv([
      'ip_range_start,ip_range_end,country_code\n10.0.0.0,10.0.0.255,de\n',
      '10.0.2.0/23,IT\nnot an address,XX\n2001:db8:1::/48,PT\n',
    ]);
    expect(lookup.size).toBe(3);
    expect(lookup.countryOf('10.0.0.0')).toBe('DE');
    expect(lookup.countryOf('10.0.0.255')).toBe('DE');
    expect(lookup.countryOf('10.0.1.0')).toBeNull();
    expect(lookup.countryOf('10.0.3.255')).toBe('IT');
    expect(lookup.countryOf('10.0.4.0')).toBeNull();
    expect(lookup.countryOf('2001:db8:1:ffff::1')).toBe('PT');
    expect(lookup.countryOf('2001:db8:2::')).toBeNull();
    expect(lookup.countryOf('not-an-ip')).toBeNull();
  });
});
