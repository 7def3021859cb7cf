/** The app's own IP-to-country lookup, unless the page names another (no visitor's address leaves for an outside service by default). */
export const DEFAULT_COUNTRY_LOOKUP_URL = '/api/country-lookup';
export const COUNTRY_LOOKUP_ERROR = 'unable to fetch the country';

/**
 * The service answers plain text such as `1;ES;ESP;Spain`: a first character `1` means
 * success and characters 2–3 hold the country code. Anything else is a failure.
 */
export function parseCountryReply(reply: string): string {
  const code = reply.slice(2, 4);
  if (reply.charAt(0) !== '1' || !/^[A-Za-z]{2}$/.test(code)) throw new Error(COUNTRY_LOOKUP_ERROR);
  return code.toUpperCase();
}

export async function lookupCountry(url: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  let reply: string;
  try {
    const response = await fetchImpl(url, { method: 'GET', credentials: 'omit' });
    if (!response.ok) {
      // Let go of the unread body: until then the browser keeps the request open.
      await response.body?.cancel().catch(() => undefined);
      throw new Error(COUNTRY_LOOKUP_ERROR);
    }
    reply = await response.text();
  } catch {
    throw new Error(COUNTRY_LOOKUP_ERROR);
  }
  return parseCountryReply(reply);
}

/** The API writes the configured service into `<meta name="country-lookup-url">`. */
export function countryLookupUrl(doc: Document | undefined = globalThis.document): string {
  const content = doc?.querySelector('meta[name="country-lookup-url"]')?.getAttribute('content')?.trim();
  return content || DEFAULT_COUNTRY_LOOKUP_URL;
}

let pending: Promise<string> | null = null;

/** One lookup per page load, shared by every phone input on the page. */
export function detectCountryOnce(): Promise<string> {
  if (!pending) {
    pending = lookupCountry(countryLookupUrl());
    // Logged once here, whoever awaits it.
    pending.catch((error: unknown) => console.error(error));
  }
  return pending;
}

/** For tests only. */
export function resetCountryDetection(): void {
  pending = null;
}
