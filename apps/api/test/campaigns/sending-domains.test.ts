import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign, CampaignSender, SendingDomain } from '@enlaza/contracts';
import { messages, profiles } from '../../src/db/schema/index.js';
import { startDnsServer, type DnsServer } from '../helpers/dns-server.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let ctx: TestContext;
let mail: Mailbox;
let dns: DnsServer;

beforeAll(async () => {
  dns = await startDnsServer();
  mail = await startMailbox();
  ctx = await createTestApp({ ...mail.env, ...dns.env, PUBLIC_URL: 'http://enlaza.test', SENDING_SPF_INCLUDE: '_spf.enlaza.test' });
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
  await dns?.close();
});

const withoutHeader = (raw: string, name: string) => raw.replace(new RegExp(`^${name}:.*\\r\\n(?:[ \\t].*\\r\\n)*`, 'im'), '');

/** A user who can send: a saved sender, a card with one consenting visitor, a template and a draft campaign. */
async function owner() {
  const user = await insertUser(ctx.db, { name: 'Ana García' });
  const token = await login(ctx.app, user);
  const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    const res = await ctx.app.inject({ method, url, headers: bearer(token), payload });
    return { status: res.statusCode, body: res.json<{ data: T; code?: string; message?: string; errors?: Record<string, string[]> }>() };
  };
  const tag = user.id.slice(0, 8);
  const [card] = await ctx.db.insert(profiles).values({ userId: user.id, kind: 'card', name: 'Ana' }).returning();
  await ctx.db
    .insert(messages)
    .values({ profileId: card!.id, userId: user.id, name: 'Visitor', email: `visitor-${tag}@example.org`, body: 'Hi', consent: true });
  expect((await call('PUT', '/api/campaigns/sender', { name: 'Ana García', postalAddress: 'Calle Mayor 1, Madrid' })).status).toBe(200);
  const template = await call<{ id: string }>('POST', '/api/templates', {
    name: 'News',
    subject: 'News',
    bodyHtml: '<p>Hello {{nombre}}</p>',
  });
  const draft = async () =>
    (
      await call<Campaign>('POST', '/api/campaigns', {
        name: 'Autumn',
        templateId: template.body.data.id,
        audience: { profileIds: [card!.id] },
      })
    ).body.data.id;
  return { user, tag, call, draft };
}

const sent = async (call: Awaited<ReturnType<typeof owner>>['call'], id: string) => {
  expect((await call('POST', `/api/campaigns/${id}/start`, {})).status).toBe(200);
  await waitFor(
    async () => ((await call<Campaign>('GET', `/api/campaigns/${id}`)).body.data.state === 'sent' ? true : undefined),
    'the campaign sent',
  );
};

describe("an owner's own sending domain", () => {
  it('is checked against the DNS: verified only with our DKIM key and a DMARC policy, and only then usable for campaigns', async () => {
    const { call } = await owner();
    const added = await call<SendingDomain>('POST', '/api/sending-domains', { domain: 'News.Ana-Check.example.', localPart: 'Hola' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const domain = added.body.data;
    expect(domain).toMatchObject({
      domain: 'news.ana-check.example',
      address: 'hola@news.ana-check.example',
      status: 'pending',
      inUse: false,
    });
    const dkim = domain.records.find((r) => r.kind === 'dkim')!;
    expect(dkim.name).toBe(`${domain.selector}._domainkey.news.ana-check.example`);
    expect(dkim.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]{300,}$/);
    expect(domain.records.find((r) => r.kind === 'spf')).toMatchObject({ value: 'v=spf1 include:_spf.enlaza.test ~all', required: false });
    expect(domain.records.find((r) => r.kind === 'dmarc')).toMatchObject({ name: '_dmarc.news.ana-check.example', required: true });

    // Nothing published: every record missing, and it cannot be used.
    const first = await call<SendingDomain>('POST', `/api/sending-domains/${domain.id}/check`);
    expect(first.body.data.status).toBe('pending');
    expect(first.body.data.records.map((r) => r.status)).toEqual(['missing', 'missing', 'missing']);
    expect(first.body.data.checkedAt).not.toBeNull();
    const early = await call('PATCH', `/api/sending-domains/${domain.id}`, { inUse: true });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('sending.domain_not_verified');

    // Another key under the selector, a DMARC record without a policy, an SPF record without our include.
    dns.zone.set(dkim.name, ['v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAwrong']);
    dns.zone.set('_dmarc.news.ana-check.example', ['v=DMARC1; rua=mailto:x@news.ana-check.example']);
    dns.zone.set('news.ana-check.example', ['v=spf1 include:_spf.google.com ~all', 'google-site-verification=abc']);
    const wrong = (await call<SendingDomain>('POST', `/api/sending-domains/${domain.id}/check`)).body.data;
    expect(wrong.status).toBe('pending');
    expect(wrong.records.map((r) => [r.kind, r.status])).toEqual([
      ['dkim', 'mismatch'],
      ['dmarc', 'mismatch'],
      ['spf', 'mismatch'],
    ]);
    expect(wrong.records.find((r) => r.kind === 'spf')!.seen).toEqual(['v=spf1 include:_spf.google.com ~all']);

    // Published as asked (the key split over several strings by the DNS server): verified; SPF is advice only.
    dns.publish(domain.records, ['dkim', 'dmarc']);
    const verified = (await call<SendingDomain>('POST', `/api/sending-domains/${domain.id}/check`)).body.data;
    expect(verified.records.map((r) => [r.kind, r.status])).toEqual([
      ['dkim', 'found'],
      ['dmarc', 'found'],
      ['spf', 'mismatch'],
    ]);
    expect(verified.status).toBe('verified');
    expect(verified.verifiedAt).not.toBeNull();
    const used = await call<SendingDomain>('PATCH', `/api/sending-domains/${domain.id}`, { inUse: true });
    expect(used.body.data.inUse).toBe(true);
    expect((await call<CampaignSender>('GET', '/api/campaigns/sender')).body.data.from).toBe('"Ana García" <hola@news.ana-check.example>');
  });

  it('sends campaigns and test sends From the owner’s address, signed with its key over the list headers (an independent verifier passes DKIM and DMARC)', async () => {
    const { user, tag, call, draft } = await owner();
    const domain = (await call<SendingDomain>('POST', '/api/sending-domains', { domain: `mail-${tag}.example` })).body.data;
    dns.publish(domain.records);
    expect((await call<SendingDomain>('POST', `/api/sending-domains/${domain.id}/check`)).body.data.status).toBe('verified');
    expect((await call('PATCH', `/api/sending-domains/${domain.id}`, { inUse: true })).status).toBe(200);

    const id = await draft();
    await sent(call, id);
    const received = await mail.next(`visitor-${tag}@example.org`);
    const parsed = await simpleParser(received.raw);
    expect(parsed.from?.value).toEqual([{ name: 'Ana García', address: `hola@mail-${tag}.example` }]);
    // The envelope stays the platform's: bounces come back to it.
    expect(received.from).toBe('no-reply@enlaza.test');
    const check = await dns.verdict(received.raw);
    expect(check.dkim).toHaveLength(1);
    expect(check.dkim[0]).toMatchObject({ result: 'pass', domain: `mail-${tag}.example` });
    expect(check.dkim[0]!.fields).toEqual(
      expect.arrayContaining([
        'from',
        'subject',
        'date',
        'message-id',
        'list-unsubscribe',
        'list-unsubscribe-post',
        'list-id',
        'feedback-id',
      ]),
    );
    expect(check.dmarc).toBe('pass');
    // A relay that drops the one-click header breaks the signature.
    expect((await dns.verdict(withoutHeader(received.raw, 'List-Unsubscribe-Post'))).dkim[0]!.result).toBe('fail');

    // The owner's test send goes out the same way.
    expect((await call('POST', `/api/campaigns/${id}/test`, {})).status).toBe(200);
    const test = await mail.next(user.email);
    expect((await simpleParser(test.raw)).from?.value[0]?.address).toBe(`hola@mail-${tag}.example`);
    expect(test.from).toBe('no-reply@enlaza.test');
    const testCheck = await dns.verdict(test.raw);
    expect(testCheck.dkim.map((d) => [d.result, d.domain])).toEqual([['pass', `mail-${tag}.example`]]);
    expect(testCheck.dmarc).toBe('pass');
  });

  it('goes back to "via Enlaza" once its records are gone (the check marks it failed) or it is no longer in use', async () => {
    const { tag, call, draft } = await owner();
    const domain = (await call<SendingDomain>('POST', '/api/sending-domains', { domain: `gone-${tag}.example`, localPart: 'news' })).body
      .data;
    dns.publish(domain.records);
    await call('POST', `/api/sending-domains/${domain.id}/check`);
    expect((await call<SendingDomain>('PATCH', `/api/sending-domains/${domain.id}`, { inUse: true })).body.data.inUse).toBe(true);

    dns.zone.delete(domain.records[0]!.name);
    const failed = (await call<SendingDomain>('POST', `/api/sending-domains/${domain.id}/check`)).body.data;
    expect(failed).toMatchObject({ status: 'failed', inUse: true });
    expect((await call<CampaignSender>('GET', '/api/campaigns/sender')).body.data.from).toBe(
      '"Ana García via Enlaza" <no-reply@enlaza.test>',
    );
    await sent(call, await draft());
    const via = await simpleParser((await mail.next(`visitor-${tag}@example.org`)).raw);
    expect(via.from?.value).toEqual([{ name: 'Ana García via Enlaza', address: 'no-reply@enlaza.test' }]);

    // Fixed again: verified, in use; then turned off by its owner: "via" again.
    dns.publish(domain.records);
    expect((await call<SendingDomain>('POST', `/api/sending-domains/${domain.id}/check`)).body.data.status).toBe('verified');
    expect((await call<CampaignSender>('GET', '/api/campaigns/sender')).body.data.from).toBe(`"Ana García" <news@gone-${tag}.example>`);
    await call('PATCH', `/api/sending-domains/${domain.id}`, { inUse: false });
    expect((await call<CampaignSender>('GET', '/api/campaigns/sender')).body.data.from).toBe(
      '"Ana García via Enlaza" <no-reply@enlaza.test>',
    );
  });

  it('refuses bad input with translated field errors, a domain twice, a sixth domain, and answers 404 for another owner’s domain on every route', async () => {
    const { call } = await owner();
    const bad = await call('POST', '/api/sending-domains', { domain: 'not a domain', localPart: 'a b' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.domain).toEqual(['Enter a domain name such as example.com.']);
    expect(bad.body.errors?.localPart).toEqual(['Use only letters, digits and . _ + - before the @ (no spaces).']);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const made = await call<SendingDomain>('POST', '/api/sending-domains', { domain: `d${i}.limit.example` });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      ids.push(made.body.data.id);
    }
    expect((await call('POST', '/api/sending-domains', { domain: 'd0.limit.example' })).body.code).toBe('sending.domain_exists');
    const sixth = await call('POST', '/api/sending-domains', { domain: 'd5.limit.example' });
    expect(sixth.status).toBe(409);
    expect(sixth.body.code).toBe('sending.domains_limit');
    expect((await call('PATCH', `/api/sending-domains/${ids[0]}`, {})).status).toBe(422);
    const renamed = await call<SendingDomain>('PATCH', `/api/sending-domains/${ids[0]}`, { localPart: 'noticias' });
    expect(renamed.body.data.address).toBe('noticias@d0.limit.example');

    const other = await owner();
    for (const [method, url, payload] of [
      ['PATCH', `/api/sending-domains/${ids[1]}`, { localPart: 'x' }],
      ['PATCH', `/api/sending-domains/${ids[1]}`, { inUse: false }],
      ['POST', `/api/sending-domains/${ids[1]}/check`, undefined],
      ['DELETE', `/api/sending-domains/${ids[1]}`, undefined],
    ] as const) {
      const res = await other.call(method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.code).toBe('record.not_found');
    }
    expect((await other.call<SendingDomain[]>('GET', '/api/sending-domains')).body.data).toEqual([]);
    // Still the first owner's, untouched.
    const mine = (await call<SendingDomain[]>('GET', '/api/sending-domains')).body.data;
    expect(mine.map((d) => d.domain)).toEqual([
      'd0.limit.example',
      'd1.limit.example',
      'd2.limit.example',
      'd3.limit.example',
      'd4.limit.example',
    ]);
    expect((await call('DELETE', `/api/sending-domains/${ids[1]}`)).status).toBe(200);
    expect((await call<SendingDomain[]>('GET', '/api/sending-domains')).body.data).toHaveLength(4);
  });
});
