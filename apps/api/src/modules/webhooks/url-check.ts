import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../lib/errors.js';

/** Where a webhook must not go in production: loopback, private, link-local, shared, multicast and reserved ranges. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an address is one a webhook must not reach (an IPv4-mapped IPv6 address is judged as its IPv4 one). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The addresses a host name resolves to now (an IP literal is itself). */
async function addressesOf(hostname: string): Promise<string[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  return (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
}

/**
 * Checks an endpoint URL: http(s), no credentials; in production https only and every address the
 * host resolves to public (SSRF: a webhook must not reach the server's own network). Answers the
 * normalised URL. Development and tests accept local http servers.
 */
export async function checkEndpointUrl(raw: string, production: boolean): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('webhook_endpoint.url_invalid');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname)
    throw new AppError('webhook_endpoint.url_invalid');
  if (!production) return url.href;
  if (url.protocol !== 'https:') throw new AppError('webhook_endpoint.https_required');
  await assertPublicHost(url.hostname);
  return url.href;
}

/** In production, before every attempt too: a name may resolve elsewhere later (DNS rebinding). */
export async function assertPublicHost(hostname: string): Promise<void> {
  let addresses: string[];
  try {
    addresses = await addressesOf(hostname);
  } catch {
    throw new AppError('webhook_endpoint.url_invalid');
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new AppError('webhook_endpoint.private_address');
}
