import type { SendingDnsRecord } from '@enlaza/contracts';
import type { DnsReader } from '../../lib/dns.js';

/**
 * The DNS checks of an owner's sending domain. The TXT records are read through DNS_SERVERS
 * (lib/dns.ts).
 *
 * - DKIM (required): `<selector>._domainkey.<domain>` holds our key (`p=` equal to its public half,
 *   whitespace aside: some DNS consoles split long values). Without it no receiver can verify the
 *   signature, and DMARC fails for a From at that domain.
 * - DMARC (required): `_dmarc.<domain>` holds a `v=DMARC1` record with a policy. Gmail and Yahoo ask
 *   bulk senders for one (any policy, `p=none` included) on the From domain.
 * - SPF (recommended): the domain's `v=spf1` record includes ours. Receivers check SPF on the
 *   envelope sender, which stays the platform's (bounces come back to it), so DMARC passes through
 *   DKIM alone; the include lets the domain's own SPF vouch for our servers too.
 */
export type DnsTxt = DnsReader['txt'];

/** A record's `tag=value` pairs (DKIM and DMARC records, RFC 6376 §3.2), tags lower-cased. */
export function tagsOf(record: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of record.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    tags.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  return tags;
}

export type DomainKeyInfo = { domain: string; selector: string; publicKey: string };

/** The records to publish, as the screen lists them, before any check. */
export function recordsToPublish(d: DomainKeyInfo, spfInclude: string): SendingDnsRecord[] {
  return [
    {
      kind: 'dkim',
      type: 'TXT',
      name: `${d.selector}._domainkey.${d.domain}`,
      value: `v=DKIM1; k=rsa; p=${d.publicKey}`,
      required: true,
      status: 'unchecked',
      seen: [],
    },
    {
      kind: 'dmarc',
      type: 'TXT',
      name: `_dmarc.${d.domain}`,
      value: `v=DMARC1; p=none; rua=mailto:dmarc@${d.domain}`,
      required: true,
      status: 'unchecked',
      seen: [],
    },
    {
      kind: 'spf',
      type: 'TXT',
      name: d.domain,
      value: `v=spf1 include:${spfInclude} ~all`,
      required: false,
      status: 'unchecked',
      seen: [],
    },
  ];
}

const compact = (value: string) => value.replace(/\s+/g, '');

/** Each record to publish with what the DNS holds now. */
export async function checkRecords(txt: DnsTxt, d: DomainKeyInfo, spfInclude: string): Promise<SendingDnsRecord[]> {
  const wanted = recordsToPublish(d, spfInclude);
  const found = await Promise.all(wanted.map((r) => txt(r.name)));
  return wanted.map((record, i) => {
    const answer = found[i]!;
    if (answer === 'error') return { ...record, status: 'missing', seen: [] };
    if (record.kind === 'dkim') {
      const keys = answer.filter((v) => /^\s*v\s*=\s*DKIM1\b/i.test(v) || tagsOf(v).has('p'));
      if (keys.length === 0) return { ...record, status: 'missing', seen: [] };
      const ours = keys.some(
        (v) => compact(tagsOf(v).get('p') ?? '') === d.publicKey && (tagsOf(v).get('k') ?? 'rsa').toLowerCase() === 'rsa',
      );
      return { ...record, status: ours ? 'found' : 'mismatch', seen: keys.slice(0, 3) };
    }
    if (record.kind === 'dmarc') {
      const policies = answer.filter((v) => /^\s*v\s*=\s*DMARC1\s*(;|$)/i.test(v));
      if (policies.length === 0) return { ...record, status: 'missing', seen: [] };
      // RFC 7489 §6.6.3: more than one record, or one without a valid policy, is as none.
      const valid = policies.length === 1 && /^(none|quarantine|reject)$/i.test(tagsOf(policies[0]!).get('p') ?? '');
      return { ...record, status: valid ? 'found' : 'mismatch', seen: policies.slice(0, 3) };
    }
    const spf = answer.filter((v) => /^\s*v=spf1(\s|$)/i.test(v));
    if (spf.length === 0) return { ...record, status: 'missing', seen: [] };
    const includes =
      spf.length === 1 &&
      spf[0]!
        .toLowerCase()
        .split(/\s+/)
        .some((term) => /^[+~?]?include:/.test(term) && term.replace(/^[+~?]?include:/, '') === spfInclude);
    return { ...record, status: includes ? 'found' : 'mismatch', seen: spf.slice(0, 3) };
  });
}

/** Verified when every required record is found. */
export const allRequiredFound = (records: SendingDnsRecord[]) => records.every((r) => !r.required || r.status === 'found');
