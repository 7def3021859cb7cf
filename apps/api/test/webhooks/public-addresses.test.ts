import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicFetch, type Resolve } from '../../src/modules/webhooks/public-dispatcher.js';
import { isPrivateAddress } from '../../src/modules/webhooks/url-check.js';

describe('which addresses a webhook may reach', () => {
  it('refuses private, loopback and link-local IPv4 and IPv6, also carried inside IPv6 (mapped, NAT64, 6to4) and Teredo', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::10.0.0.1',
      '2002:7f00:1::',
      '2002:c0a8:101::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'not-an-address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '2606:2800:220:1:248:1893:25c8:1946',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

/** A server on one loopback address that counts the requests it gets. */
async function serverOn(host: string, port = 0): Promise<{ server: Server; port: number; hits: () => number }> {
  let hits = 0;
  const server = createServer((_req, res) => {
    hits += 1;
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, hits: () => hits };
}

describe("production's webhook fetch", () => {
  // Two servers on one port: 127.0.0.1 stands for a public host, 127.0.0.2 for the internal one.
  let allowed: Awaited<ReturnType<typeof serverOn>>;
  let internal: Awaited<ReturnType<typeof serverOn>>;
  const isBlocked = (address: string) => address !== '127.0.0.1';
  beforeAll(async () => {
    allowed = await serverOn('127.0.0.1');
    internal = await serverOn('127.0.0.2', allowed.port);
  });
  afterAll(async () => {
    for (const { server } of [allowed, internal]) await new Promise((resolve) => server.close(resolve));
  });

  /** A name that resolves to the allowed address once, then to the internal one (DNS rebinding). */
  function rebinding() {
    const answers = ['127.0.0.1', '127.0.0.2'];
    let calls = 0;
    const resolve: Resolve = async () => [{ address: answers[Math.min(calls++, 1)]!, family: 4 }];
    return { resolve, calls: () => calls };
  }

  it('connects to the address its own lookup checked: a name that rebinds cannot lead it inside', async () => {
    const dns = rebinding();
    const send = createPublicFetch({ resolve: dns.resolve, isBlocked });
    const answer = await send(`http://hooks.example:${allowed.port}/hook`, { method: 'POST', body: '{}' });
    expect(answer.status).toBe(200);
    expect(dns.calls()).toBe(1);
    expect(allowed.hits()).toBe(1);
    expect(internal.hits()).toBe(0);
  });

  it('refuses to connect once the name resolves to an internal address, and reaches nothing', async () => {
    const dns = rebinding();
    await dns.resolve('hooks.example');
    const send = createPublicFetch({ resolve: dns.resolve, isBlocked });
    const failure = await send(`http://hooks.example:${allowed.port}/hook`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe('EPRIVATEADDRESS');
    expect(internal.hits()).toBe(0);
  });

  it('refuses an internal IP literal before connecting (no lookup runs for one)', async () => {
    const send = createPublicFetch({ resolve: () => Promise.reject(new Error('no lookup expected')), isBlocked });
    const failure = await send(`http://127.0.0.2:${allowed.port}/hook`, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe('EPRIVATEADDRESS');
    expect(internal.hits()).toBe(0);
  });
});
