import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authenticate } from 'mailauth';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@enlaza/contracts';
import { loadConfig } from '../../src/config.js';
import { createMessageSigner, dkimOptions } from '../../src/lib/dkim.js';
import { buildCampaignMime } from '../../src/modules/campaigns/mime.js';
import { seedCampaignAudience } from '../helpers/campaigns.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// A key pair of the test: the private half for the app, the public half for the DNS the verifier asks.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dir = mkdtempSync(join(tmpdir(), 'enlaza-dkim-'));
const keyFile = join(dir, 'dkim.pem');
writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
const DKIM = { DKIM_DOMAIN: 'enlaza.test', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY_FILE: keyFile };

/** The DNS of enlaza.test as a mail provider's verifier would read it: the DKIM key, a DMARC policy, SPF for the loopback. */
const dns = {
  'mail2026._domainkey.enlaza.test': `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`,
  '_dmarc.enlaza.test': 'v=DMARC1; p=reject',
  'enlaza.test': 'v=spf1 ip4:127.0.0.1 -all',
} as Record<string, string>;
async function resolver(name: string, type: string): Promise<string[][]> {
  const record = type === 'TXT' ? dns[name.toLowerCase()] : undefined;
  if (!record) throw Object.assign(new Error(`no ${type} for ${name}`), { code: 'ENOTFOUND' });
  return [[record]];
}

/** What mailauth (an independent DKIM, SPF and DMARC implementation) says of a message as delivered. */
async function verdict(raw: string) {
  const result = await authenticate(raw, {
    resolver,
    ip: '127.0.0.1',
    helo: 'enlaza.test',
    sender: 'no-reply@enlaza.test',
    mta: 'mx.example',
  });
  return { dkim: result.dkim.results.map((r) => r.status.result), dmarc: result.dmarc && result.dmarc.status.result };
}

/** The header fields a message's DKIM signature covers (its `h=` tag, as the verifier read it), lower-cased. */
async function signedFields(raw: string): Promise<string[]> {
  const result = await authenticate(raw, {
    resolver,
    ip: '127.0.0.1',
    helo: 'enlaza.test',
    sender: 'no-reply@enlaza.test',
    mta: 'mx.example',
  });
  return (result.dkim.results[0]?.signingHeaders?.keys ?? '').split(':').map((key) => key.trim().toLowerCase());
}

/** The raw message without one header field (and its folded lines). */
const withoutHeader = (raw: string, name: string) => raw.replace(new RegExp(`^${name}:.*\\r\\n(?:[ \\t].*\\r\\n)*`, 'im'), '');

let ctx: TestContext;
let mail: Mailbox;

beforeAll(async () => {
  mail = await startMailbox();
  ctx = await createTestApp({ ...mail.env, ...DKIM, PUBLIC_URL: 'http://enlaza.test' });
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('DKIM signing', () => {
  it("signs a campaign message in one pass with the very bytes nodemailer's signer writes", async () => {
    const key = {
      domainName: 'enlaza.test',
      keySelector: 'mail2026',
      privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    };
    const viaNodemailer = nodemailer.createTransport({ streamTransport: true, buffer: true, dkim: dkimOptions(key) });
    const sign = createMessageSigner(key);
    const bodies = [
      { text: 'Hello Ana', html: '<p>Hello Ana</p>' },
      { text: 'Hola, ¿qué tal?  Dos  espacios \t y un tabulador   \n\n\n', html: `<p>${'Añadimos más artículos. '.repeat(20)}</p>` },
      { text: 'こんにちは、新しいコレクションです。', html: `<p>${'新しいコレクション '.repeat(30)}</p>\r\n\r\n` },
      { text: '', html: '' },
    ];
    for (const [i, body] of bodies.entries()) {
      const raw = buildCampaignMime(
        {
          from: '"Ana García via Enlaza" <no-reply@enlaza.test>',
          replyTo: 'ana@example.org',
          to: `reader${i}@example.org`,
          subject: 'Novedades de otoño',
          ...body,
          messageId: `<0b7e6c1e-8f0a-4c3e-9d55-2f1a4b6c8d9${i}@enlaza.test>`,
          unsubscribeUrl: 'https://enlaza.example/u/abc.def',
          campaignId: '11111111-2222-3333-4444-555555555555',
          ownerId: '66666666-7777-8888-9999-000000000000',
          ownerAlias: 'ana',
          domain: 'enlaza.test',
        },
        new Date('2026-11-02T10:00:00Z'),
        '--_NmP-0123456789abcdef-Part_1',
      );
      const info = await viaNodemailer.sendMail({ envelope: { from: 'no-reply@enlaza.test', to: [`reader${i}@example.org`] }, raw });
      expect(sign(raw)).toBe((info.message as Buffer).toString());
      expect(await verdict(sign(raw))).toEqual({ dkim: ['pass'], dmarc: 'pass' });
    }
  });

  it('is configured with all three settings, a readable private key and a domain that aligns with MAIL_FROM, or refused at start', () => {
    const from = { NODE_ENV: 'test', MAIL_FROM: 'Enlaza <no-reply@mail.enlaza.test>' };
    expect(loadConfig({ ...from, SMTP_HOST: 'smtp.example', ...DKIM }).smtp?.dkim).toMatchObject({
      domainName: 'enlaza.test',
      keySelector: 'mail2026',
    });
    expect(loadConfig({ ...from, SMTP_HOST: 'smtp.example' }).smtp?.dkim).toBeNull();
    expect(() => loadConfig({ ...from, DKIM_DOMAIN: 'enlaza.test' })).toThrow(/set together/);
    expect(() => loadConfig({ ...from, ...DKIM, DKIM_DOMAIN: 'other.example' })).toThrow(
      /does not align with MAIL_FROM's domain mail\.enlaza\.test/,
    );
    expect(() => loadConfig({ ...from, ...DKIM, DKIM_PRIVATE_KEY_FILE: join(dir, 'missing.pem') })).toThrow(
      /not a readable PEM private key/,
    );
  });

  it('signs campaign and single emails so that DKIM and DMARC pass, and a changed byte fails', async () => {
    const user = await insertUser(ctx.db);
    const token = await login(ctx.app, user);
    const { profileId, templateId } = await seedCampaignAudience(ctx.db, user.id, 1, { prefix: 'signed', domain: 'dkim.example' });
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await ctx.app.inject({ method, url, headers: bearer(token), payload })).json<{ data: Campaign }>().data;
    const campaign = await call('POST', '/api/campaigns', { name: 'Signed', templateId, audience: { profileIds: [profileId] } });
    await call('POST', `/api/campaigns/${campaign.id}/start`, {});
    await waitFor(async () => ((await call('GET', `/api/campaigns/${campaign.id}`)).state === 'sent' ? true : undefined), 'the campaign');
    const campaignEmail = (await mail.next('signed0@dkim.example')).raw;

    // A single email (the transactional mailer): a password reset.
    await ctx.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email: user.email } });
    const resetEmail = (await mail.next(user.email)).raw;

    for (const raw of [campaignEmail, resetEmail]) {
      expect(raw).toMatch(/^DKIM-Signature: .*d=enlaza\.test;.*s=mail2026/ms);
      expect(await verdict(raw)).toEqual({ dkim: ['pass'], dmarc: 'pass' });
    }
    // The verifier is not a rubber stamp: one changed letter in the body breaks the signature
    // (mailauth says `neutral` for a body hash that does not verify, RFC 6376 §6.1.3).
    const tampered = campaignEmail.replace('Hello', 'Hallo');
    expect(tampered).not.toBe(campaignEmail);
    expect((await verdict(tampered)).dkim).toEqual(['neutral']);

    // The list headers are signed too (RFC 8058 §4 requires List-Unsubscribe-Post to be, or receivers
    // may not offer one-click unsubscribe), with From, Subject, Date and Message-ID.
    const fields = await signedFields(campaignEmail);
    for (const name of ['list-unsubscribe', 'list-unsubscribe-post', 'list-id', 'feedback-id', 'from', 'subject', 'date', 'message-id'])
      expect(fields).toContain(name);
    // Taking the one-click header away breaks the signature: a relay cannot strip or add it unseen.
    const stripped = withoutHeader(campaignEmail, 'List-Unsubscribe-Post');
    expect(stripped).not.toMatch(/^List-Unsubscribe-Post:/im);
    expect(stripped.length).toBeLessThan(campaignEmail.length);
    expect((await verdict(stripped)).dkim).toEqual(['fail']);
  });
});
