import { readFileSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';

/** An address as one number, IPv4 and IPv6 on separate number lines (`v4`: 32 bits, `v6`: 128 bits). */
type Address = { family: 4 | 6; value: bigint };
type Range = { start: bigint; end: bigint; country: string };

function ipv4Value(text: string): bigint {
  return text.split('.').reduce((sum, part) => (sum << 8n) | BigInt(Number(part)), 0n);
}

function ipv6Value(text: string): bigint {
  let body = text.split('%')[0]!;
  // An IPv4 tail (`::ffff:1.2.3.4`) becomes its two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (v4) {
    const n = ipv4Value(v4[1]!);
    body = `${body.slice(0, -v4[1]!.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = body.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** The address of `text`, an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as the IPv4 one; null when it is none. */
export function parseAddress(text: string): Address | null {
  if (isIPv4(text)) return { family: 4, value: ipv4Value(text) };
  if (!isIPv6(text)) return null;
  const value = ipv6Value(text);
  if (value >> 32n === 0xffffn) return { family: 4, value: value & 0xffffffffn };
  return { family: 6, value };
}

function parseLine(line: string): (Range & { family: 4 | 6 }) | null {
  const fields = line.split(',').map((field) => field.trim().replace(/^"|"$/g, ''));
  // `start,end,CC` (the ip-location-db country sets) or `cidr,CC`.
  if (fields.length >= 3) {
    const start = parseAddress(fields[0]!);
    const end = parseAddress(fields[1]!);
    if (!start || !end || start.family !== end.family) return null;
    return { family: start.family, start: start.value, end: end.value, country: fields[2]!.toUpperCase() };
  }
  const [cidr, country] = fields;
  const [network, bitsText] = (cidr ?? '').split('/');
  const base = parseAddress(network ?? '');
  if (!base || !country) return null;
  const width = base.family === 4 ? 32n : 128n;
  const bits = BigInt(Number(bitsText ?? width));
  const hostBits = width - bits;
  const start = (base.value >> hostBits) << hostBits;
  return { family: base.family, start, end: start + (1n << hostBits) - 1n, country: country.toUpperCase() };
}

/** Which country an address belongs to, from a table of address ranges. */
export type CountryTable = { countryOf(ip: string): string | null; size: number };

/**
 * A table from CSV text: one range a line, `first,last,CC` (the ip-location-db country sets' format)
 * or `network/bits,CC`. Lines that are neither (a header, a comment) are skipped.
 */
export function countryTableFromCsv(texts: string[]): CountryTable {
  const byFamily: Record<4 | 6, Range[]> = { 4: [], 6: [] };
  for (const text of texts) {
    for (const line of text.split(/\r?\n/)) {
      if (!line.trim() || line.startsWith('#')) continue;
      const range = parseLine(line);
      if (range && /^[A-Z]{2}$/.test(range.country)) byFamily[range.family].push(range);
    }
  }
  for (const ranges of Object.values(byFamily)) ranges.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  return {
    size: byFamily[4].length + byFamily[6].length,
    countryOf(ip) {
      const address = parseAddress(ip);
      if (!address) return null;
      const ranges = byFamily[address.family];
      // The last range starting at or before the address.
      let low = 0;
      let high = ranges.length - 1;
      let found: Range | undefined;
      while (low <= high) {
        const middle = (low + high) >> 1;
        const range = ranges[middle]!;
        if (range.start <= address.value) {
          found = range;
          low = middle + 1;
        } else high = middle - 1;
      }
      return found && address.value <= found.end ? found.country : null;
    },
  };
}

/** A table from CSV files, read once at start-up. */
export function loadCountryTable(files: string[]): CountryTable {
  return countryTableFromCsv(files.map((file) => readFileSync(file, 'utf8')));
}
