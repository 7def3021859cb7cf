import type { CustomDomainRecord } from '@enlaza/contracts';
import type { DnsReader } from '../../lib/dns.js';

/**
 * The two records of a custom domain and their check (docs/custom-domains.md):
 * - ownership: TXT `_enlaza.<host>` = `enlaza-verification=<token>`, the domain's own token: only
 *   someone who controls the name's DNS can publish it (another owner's token does not count);
 * - cname: the host a CNAME to CUSTOM_DOMAIN_TARGET, so visitors' requests reach our proxy.
 * Both must be found for the domain to be verified.
 */
export function recordsToPublish(host: string, token: string, cnameTarget: string): CustomDomainRecord[] {
  return [
    { kind: 'ownership', type: 'TXT', name: `_enlaza.${host}`, value: `enlaza-verification=${token}`, status: 'unchecked', seen: [] },
    { kind: 'cname', type: 'CNAME', name: host, value: cnameTarget, status: 'unchecked', seen: [] },
  ];
}

export async function checkRecords(dns: DnsReader, host: string, token: string, cnameTarget: string): Promise<CustomDomainRecord[]> {
  const [ownership, cname] = recordsToPublish(host, token, cnameTarget);
  const [txt, target] = await Promise.all([dns.txt(ownership!.name), dns.cname(host)]);
  const ours = (
    values: string[] | 'error',
    wanted: string,
    relevant: (v: string) => boolean,
  ): Pick<CustomDomainRecord, 'status' | 'seen'> => {
    if (values === 'error') return { status: 'missing', seen: [] };
    const seen = values.filter(relevant);
    if (seen.length === 0) return { status: 'missing', seen: [] };
    return { status: seen.includes(wanted) ? 'found' : 'mismatch', seen: seen.slice(0, 3) };
  };
  return [
    { ...ownership!, ...ours(txt, ownership!.value, (v) => v.trim().startsWith('enlaza-verification=')) },
    { ...cname!, ...ours(target, cnameTarget, () => true) },
  ];
}

export const bothFound = (records: CustomDomainRecord[]) => records.every((r) => r.status === 'found');
