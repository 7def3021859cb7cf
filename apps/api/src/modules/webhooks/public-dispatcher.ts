import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { isPrivateAddress } from './url-check.js';

/** Resolves a host name to all its addresses (node:dns's lookup by default; tests answer their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** The error an attempt fails with when its host resolves to an address a webhook must not reach. */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor() {
    super('the endpoint resolves to an address that is not public');
  }
}

/**
 * Production's fetch for webhooks: the address a host name resolves to is checked in the connection's
 * own lookup, so the address checked is the address connected to. A separate check before the request
 * leaves a window in which the name can be made to resolve elsewhere (DNS rebinding); this does not.
 * An IP literal skips the lookup, so it is checked before the request. Undici's own fetch, not the
 * global one: Node's bundled undici and this package's Agent are different versions.
 */
export function createPublicFetch({
  resolve = systemResolve,
  isBlocked = isPrivateAddress,
}: { resolve?: Resolve; isBlocked?: (address: string) => boolean } = {}): typeof fetch {
  const agent = new Agent({
    connect: {
      lookup(hostname, options, callback) {
        resolve(hostname).then(
          (addresses) => {
            const wanted = addresses.filter((a) => !options.family || a.family === options.family);
            if (wanted.length === 0 || addresses.some((a) => isBlocked(a.address))) {
              callback(new PrivateAddressError(), '', 0);
              return;
            }
            if (options.all) (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, wanted);
            else callback(null, wanted[0]!.address, wanted[0]!.family);
          },
          (error: NodeJS.ErrnoException) => callback(error, '', 0),
        );
      },
    },
  });
  return (async (input: string | URL, init?: RequestInit) => {
    const host = new URL(String(input)).hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && isBlocked(host)) throw new TypeError('fetch failed', { cause: new PrivateAddressError() });
    return undiciFetch(String(input), { ...(init as object), dispatcher: agent }) as unknown as Response;
  }) as typeof fetch;
}
