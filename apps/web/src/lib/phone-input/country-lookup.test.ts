import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTRY_LOOKUP_ERROR, DEFAULT_COUNTRY_LOOKUP_URL, countryLookupUrl, lookupCountry, parseCountryReply } from './country-lookup';

function replying(body: string, status = 200): typeof fetch {
  return vi.fn(() => Promise.resolve(new Response(body, { status })));
}

describe('parseCountryReply', () => {
  it('reads the country at positions 2–3 of a reply starting with 1', () => {
    expect(parseCountryReply('1;ES;ESP;Spain')).toBe('ES');
    expect(parseCountryReply('1;PT;PRT;Portugal')).toBe('PT');
  });

  it.each(['0;;;WRONG INPUT', '0;ES;ESP;Spain', '2;;;UNKNOWN', '', '1', '1;', ' 1;ES;ESP;Spain', '1;4X;;'])(
    'rejects %j with "unable to fetch the country"',
    (reply) => {
      expect(() => parseCountryReply(reply)).toThrowError(new Error(COUNTRY_LOOKUP_ERROR));
    },
  );
});

describe('lookupCountry', () => {
  it('GETs the URL and returns the country', async () => {
    const fetchImpl = replying('1;JP;JPN;Japan');
    await expect(lookupCountry('https://lookup.test/s', fetchImpl)).resolves.toBe('JP');
    expect(fetchImpl).toHaveBeenCalledWith('https://lookup.test/s', expect.objectContaining({ method: 'GET' }));
  });

  it('fails with the same message on a bad reply, an error status or a network failure', async () => {
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    for (const fetchImpl of [replying('0'), replying('1;ES;ESP;Spain', 500), failing]) {
      await expect(lookupCountry('https://lookup.test/s', fetchImpl)).rejects.toThrowError(COUNTRY_LOOKUP_ERROR);
    }
  });

  it('lets go of the body of an error answer, which would keep the request open', async () => {
    const cancel = vi.fn();
    const response = new Response(new ReadableStream({ cancel }), { status: 404 });
    const fetchImpl = vi.fn(() => Promise.resolve(response)) as unknown as typeof fetch;
    await expect(lookupCountry('https://lookup.test/s', fetchImpl)).rejects.toThrowError(COUNTRY_LOOKUP_ERROR);
    expect(cancel).toHaveBeenCalledOnce();
  });
});

describe('countryLookupUrl', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the meta tag and falls back to the app’s own lookup, never an outside service', () => {
    const withMeta = {
      querySelector: () => ({ getAttribute: () => 'http://127.0.0.1:4319/__country-lookup' }),
    } as unknown as Document;
    const withoutMeta = { querySelector: () => null } as unknown as Document;
    expect(countryLookupUrl(withMeta)).toBe('http://127.0.0.1:4319/__country-lookup');
    expect(countryLookupUrl(withoutMeta)).toBe(DEFAULT_COUNTRY_LOOKUP_URL);
    expect(DEFAULT_COUNTRY_LOOKUP_URL).toBe('/api/country-lookup');
  });
});
