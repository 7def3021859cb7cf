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

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail is two groups). */
function groupsOf(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail = ''] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = text.includes('::') && tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 address an IPv6 one carries to an IPv4 host, judged as that host: IPv4-mapped (::ffff:0:0/96)
 * and IPv4-compatible (::/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16). Null: none.
 */
function embeddedIpv4(address: string): string | null {
  const g = groupsOf(address);
  const zeroHead = g.slice(0, 5).every((x) => x === 0);
  if (zeroHead && (g[5] === 0xffff || g[5] === 0)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return ipv4Of(g[6]!, g[7]!);
  if (g[0] === 0x2002) return ipv4Of(g[1]!, g[2]!);
  return null;
}

/**
 * Whether an address is one a webhook must not reach. An IPv6 address that carries an IPv4 one (mapped,
 * NAT64, 6to4) is judged as that IPv4 address; Teredo (2001::/32) tunnels to a host we cannot judge
 * and is refused.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  const carried = embeddedIpv4(address);
  if (carried) return PRIVATE.check(carried, 'ipv4');
  if (PRIVATE.check(address, 'ipv6')) return true;
  const [first, second] = groupsOf(address);
  return first === 0x2001 && second === 0;
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

/** When an endpoint is saved, for a clear error; each attempt is checked again where it connects (public-dispatcher.ts). */
export async function assertPublicHost(hostname: string): Promise<void> {
  let addresses: string[];
  try {
    addresses = await addressesOf(hostname);
  } catch {
    throw new AppError('webhook_endpoint.url_invalid');
  }
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new AppError('webhook_endpoint.private_address');
}
