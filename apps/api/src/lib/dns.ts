import { Resolver } from 'node:dns/promises';

/**
 * The DNS reads of the owners' own domains (sending domains, custom domains), through DNS_SERVERS
 * (the system's resolvers when empty; tests run a local DNS server), with a short timeout: a check is
 * something the owner waits for. Each answers the records found, [] when the name has none of that
 * type or does not exist, or 'error' when no server answered.
 */
export type DnsReader = {
  /** TXT records, each record's strings joined (RFC 7208 §3.3, RFC 6376 §3.6.2.2). */
  txt: (name: string) => Promise<string[] | 'error'>;
  /** The CNAME target of a name, lower-cased, without its final dot. */
  cname: (name: string) => Promise<string[] | 'error'>;
};

export function createDnsReader(servers: string[], timeoutMs = 2500): DnsReader {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  const read = async <T>(lookup: () => Promise<T[]>): Promise<T[] | 'error'> => {
    try {
      return await lookup();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // No such name, or the name has no record of that type: none found.
      if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
      return 'error';
    }
  };
  return {
    txt: async (name) => {
      const found = await read(() => resolver.resolveTxt(name));
      return found === 'error' ? found : found.map((chunks) => chunks.join(''));
    },
    cname: async (name) => {
      const found = await read(() => resolver.resolveCname(name));
      return found === 'error' ? found : found.map((target) => target.toLowerCase().replace(/\.$/, ''));
    },
  };
}
