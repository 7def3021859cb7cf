import { Resolver } from 'node:dns/promises';
import dns2 from 'dns2';
import { authenticate } from 'mailauth';

/**
 * A DNS server of the test (dns2, on a local UDP port) answering TXT questions from `zone` and
 * CNAME questions from `cnames`: what an owner publishes in their DNS console. The product reads it through DNS_SERVERS (`env`); an
 * independent verifier (mailauth, `verdict`) reads it through Node's resolver pointed at the same
 * server. Values longer than 255 bytes go out as several strings of one record, as DNS consoles
 * publish a 2048-bit DKIM key.
 */
export async function startDnsServer() {
  const zone = new Map<string, string[]>();
  const cnames = new Map<string, string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request) as { answers: unknown[] };
      const [question] = request.questions;
      const alias = question && question.type === dns2.Packet.TYPE.CNAME ? cnames.get(question.name.toLowerCase()) : undefined;
      if (alias)
        response.answers.push({ name: question!.name, type: dns2.Packet.TYPE.CNAME, class: dns2.Packet.CLASS.IN, ttl: 60, domain: alias });
      const records = question && question.type === dns2.Packet.TYPE.TXT ? zone.get(question.name.toLowerCase()) : undefined;
      for (const value of records ?? []) {
        const chunks = value.match(/[\s\S]{1,255}/g) ?? [''];
        response.answers.push({ name: question!.name, type: dns2.Packet.TYPE.TXT, class: dns2.Packet.CLASS.IN, ttl: 60, data: chunks });
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1', type: 'udp4' } });
  const port = (server.addresses() as { udp: { port: number } }).udp.port;
  const resolver = new Resolver();
  resolver.setServers([`127.0.0.1:${port}`]);

  return {
    zone,
    cnames,
    env: { DNS_SERVERS: `127.0.0.1:${port}` },
    /** Publishes the records a sending or custom domain lists (as its owner would): TXT into `zone`, CNAME into `cnames`. */
    publish(
      records: { kind: string; type?: string; name: string; value: string }[],
      only: string[] = ['dkim', 'dmarc', 'spf', 'ownership', 'cname'],
    ) {
      for (const record of records) {
        if (!only.includes(record.kind)) continue;
        if (record.type === 'CNAME') cnames.set(record.name, record.value);
        else zone.set(record.name, [record.value]);
      }
    },
    /** What mailauth (an independent DKIM and DMARC implementation) says of a message as delivered, reading this DNS. */
    async verdict(raw: string) {
      const result = await authenticate(raw, {
        resolver: async (name: string, type: string) => {
          if (type !== 'TXT') throw Object.assign(new Error(`no ${type} for ${name}`), { code: 'ENOTFOUND' });
          const answer = await resolver.resolveTxt(name);
          if (answer.length === 0) throw Object.assign(new Error(`no TXT for ${name}`), { code: 'ENOTFOUND' });
          return answer;
        },
        ip: '127.0.0.1',
        helo: 'enlaza.test',
        sender: 'no-reply@enlaza.test',
        mta: 'mx.example',
      });
      const dkim = result.dkim.results.map((r) => ({
        result: r.status.result,
        domain: r.signingDomain,
        fields: (r.signingHeaders?.keys ?? '').split(':').map((k) => k.trim().toLowerCase()),
      }));
      return { dkim, dmarc: result.dmarc && result.dmarc.status.result };
    },
    close: () => server.close(),
  };
}

export type DnsServer = Awaited<ReturnType<typeof startDnsServer>>;
