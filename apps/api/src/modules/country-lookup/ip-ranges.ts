import { readFile } from 'node:fs/promises';
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
  // One bigint from the 32 hex digits (eight shifts of bigints per address were most of a large table's load).
  return BigInt(`0x${groups.map((group) => group.padStart(4, '0')).join('')}`);
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

/**
 * An IPv4 address's number read from `text` at `from` up to `to` by hand (the packaged set's usual
 * line, without the general parser's regular expressions and bigints); NaN when it is not one.
 */
function ipv4At(text: string, from: number, to: number): number {
  let value = 0;
  let octet = 0;
  let digits = 0;
  let dots = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57 && digits < 3) {
      octet = octet * 10 + (c - 48);
      digits++;
    } else if (c === 46 && digits > 0 && octet <= 255 && dots < 3) {
      value = value * 256 + octet;
      octet = 0;
      digits = 0;
      dots++;
    } else return NaN;
  }
  return dots === 3 && digits > 0 && octet <= 255 ? value * 256 + octet : NaN;
}

/** A `first,last,CC` IPv4 line as numbers; null for any other line (the general parser reads it). */
function plainIpv4Range(line: string): { start: number; end: number; country: string } | null {
  const comma = line.indexOf(',');
  const second = line.indexOf(',', comma + 1);
  if (comma < 0 || second < 0 || line.length !== second + 3) return null;
  const start = ipv4At(line, 0, comma);
  const end = ipv4At(line, comma + 1, second);
  const country = line.slice(second + 1);
  return Number.isNaN(start) || Number.isNaN(end) || !/^[A-Z]{2}$/.test(country) ? null : { start, end, country };
}

/** Which country an address belongs to, from a table of address ranges. */
export type CountryTable = { countryOf(ip: string): string | null; size: number };

/** The last index whose start is at or before `value` (-1: none), in starts sorted ascending. */
function lastAtOrBefore<T extends number | bigint>(starts: ArrayLike<T>, value: T): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Collects ranges line by line (`add`), then builds the table (`build`). */
function rangeCollector() {
  const v4: { start: number; end: number; country: string }[] = [];
  const v6: Range[] = [];
  return {
    add(line: string) {
      if (!line.trim() || line.startsWith('#')) return;
      const plain = plainIpv4Range(line);
      if (plain) return void v4.push(plain);
      const range = parseLine(line);
      if (!range || !/^[A-Z]{2}$/.test(range.country)) return;
      if (range.family === 4) v4.push({ start: Number(range.start), end: Number(range.end), country: range.country });
      else v6.push(range);
    },
    build(): CountryTable {
      v4.sort((a, b) => a.start - b.start);
      v6.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
      const v4Starts = Float64Array.from(v4, (r) => r.start);
      const v4Ends = Float64Array.from(v4, (r) => r.end);
      const v4Countries = v4.map((r) => r.country);
      const v6Starts = v6.map((r) => r.start);
      return {
        size: v4.length + v6.length,
        countryOf(ip) {
          const address = parseAddress(ip);
          if (!address) return null;
          if (address.family === 4) {
            const value = Number(address.value);
            const i = lastAtOrBefore(v4Starts, value);
            return i >= 0 && value <= v4Ends[i]! ? v4Countries[i]! : null;
          }
          const i = lastAtOrBefore(v6Starts, address.value);
          return i >= 0 && address.value <= v6[i]!.end ? v6[i]!.country : null;
        },
      };
    },
  };
}

/**
 * A table from CSV text: one range a line, `first,last,CC` (the ip-location-db country sets' format)
 * or `network/bits,CC`. Lines that are neither (a header, a comment) are skipped. IPv4 ranges are
 * numbers in typed arrays, not objects of bigints.
 */
export function countryTableFromCsv(texts: string[]): CountryTable {
  const ranges = rangeCollector();
  for (const text of texts) for (const line of text.split(/\r?\n/)) ranges.add(line);
  return ranges.build();
}

/** Lines read between two turns of the event loop while a table loads: the server keeps answering. */
const LINES_PER_TURN = 10_000;

/**
 * A table from CSV files, read when first asked (a server that is never asked, as most test servers,
 * never pays for it), then kept. The packaged set (550,000 ranges) takes one to three seconds of CPU,
 * read in slices between which the server answers other requests. `files` empty: every address is
 * unknown.
 */
export function lazyCountryTable(files: string[]): { countryOf(ip: string): Promise<string | null> } {
  let table: Promise<CountryTable> | null = null;
  const load = async () => {
    const ranges = rangeCollector();
    for (const file of files) {
      const lines = (await readFile(file, 'utf8')).split(/\r?\n/);
      for (let i = 0; i < lines.length; i++) {
        ranges.add(lines[i]!);
        if (i % LINES_PER_TURN === LINES_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
      }
    }
    return ranges.build();
  };
  return {
    async countryOf(ip) {
      table ??= load();
      return (await table).countryOf(ip);
    },
  };
}
