import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@enlaza/contracts';
import { campaignRecipients, suppressions } from '../../src/db/schema/index.js';
import { createDraftCampaign, seedCampaignAudience } from '../helpers/campaigns.js';
import { startMailbox, type Mailbox, type ReceivedEmail } from '../helpers/mailbox.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';
import { freePort } from '../helpers/free-port.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const DOMAIN = 'bounces.enlaza.test';
let mail: Mailbox;
let ctx: TestContext;
let port: number;

/** Mail to the inbound listener as another mail server delivers it (MAIL FROM <> for reports, as RFC 3464 asks). */
const deliver = (to: string, raw: string, from = '') =>
  nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({ envelope: { from, to: [to] }, raw });

const headerBlock = (raw: string) => raw.slice(0, raw.search(/\r?\n\r?\n/));

/** A delivery status notification as Postfix writes one: the human part, the status, the returned headers. */
function dsn(original: ReceivedEmail, recipient: string, status: string, diagnostic: string): string {
  return [
    'From: MAILER-DAEMON@mx.inbound.example (Mail Delivery System)',
    `To: bounces@${DOMAIN}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Date: Tue, 24 Nov 2026 10:00:00 +0000',
    'Message-ID: <20261124100000.ABC123@mx.inbound.example>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="BOUNDARY"',
    '',
    '--BOUNDARY',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    "I'm sorry to have to inform you that your message could not be delivered.",
    '',
    '--BOUNDARY',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.inbound.example',
    'Arrival-Date: Tue, 24 Nov 2026 09:59:58 +0000',
    '',
    `Final-Recipient: rfc822; ${recipient}`,
    `Original-Recipient: rfc822;${recipient}`,
    'Action: failed',
    `Status: ${status}`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    '',
    '--BOUNDARY',
    'Content-Type: text/rfc822-headers',
    '',
    headerBlock(original.raw),
    '',
    '--BOUNDARY--',
    '',
  ].join('\r\n');
}

/** A complaint as a mailbox provider's feedback loop sends it (ARF, RFC 5965), returning the whole message. */
function arf(original: ReceivedEmail, recipient: string): string {
  return [
    'From: <feedback@fbl.inbound.example>',
    `To: bounces@${DOMAIN}`,
    'Subject: FW: complaint about a message',
    'Date: Tue, 24 Nov 2026 11:00:00 +0000',
    'Message-ID: <fbl-1@fbl.inbound.example>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="ARF"',
    '',
    '--ARF',
    'Content-Type: text/plain; charset="US-ASCII"',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1.',
    '',
    '--ARF',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: SomeGenerator/1.0',
    'Version: 1',
    `Original-Rcpt-To: <${recipient}>`,
    '',
    '--ARF',
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    original.raw.replace(/\r?\n$/, ''),
    '',
    '--ARF--',
    '',
  ].join('\r\n');
}

beforeAll(async () => {
  mail = await startMailbox();
  port = await freePort();
  ctx = await createTestApp({ ...mail.env, INBOUND_SMTP_PORT: String(port), INBOUND_SMTP_HOST: '127.0.0.1', INBOUND_MAIL_DOMAIN: DOMAIN });
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
});

describe('the inbound SMTP listener: mailto unsubscribe, bounce and complaint reports', () => {
  it('takes an unsubscribe by mail, a DSN and an ARF complaint for the emails a campaign sent, and refuses the rest', async () => {
    const user = await insertUser(ctx.db, { name: 'Ines Inbound' });
    const token = await login(ctx.app, user);
    const seed = await seedCampaignAudience(ctx.db, user.id, 4, { prefix: 'in', domain: 'inbound.example' });
    const id = await createDraftCampaign(ctx.app, token, { name: 'Inbound', templateId: seed.templateId, profileId: seed.profileId });
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/campaigns/${id}/start`, headers: bearer(token), payload: {} })).statusCode,
    ).toBe(200);
    const emails = await Promise.all([0, 1, 2, 3].map((i) => mail.next(`in${i}@inbound.example`)));
    await waitFor(async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${id}`, headers: bearer(token) });
      return res.json<{ data: Campaign }>().data.state === 'sent' ? true : undefined;
    }, 'the campaign to end');

    // Bounces come back to the listener: the envelope sender is its address.
    expect(emails.map((e) => e.from)).toEqual(Array(4).fill(`bounces@${DOMAIN}`));
    // One List-Unsubscribe header: the https link (RFC 8058's one-click), then the mailto (RFC 2369).
    const parsed = await simpleParser(emails[0]!.raw);
    expect(emails[0]!.raw.match(/^List-Unsubscribe:/gim)).toHaveLength(1);
    const list = parsed.headers.get('list') as { unsubscribe: { url?: string; mail?: string }[] | { url?: string; mail?: string } };
    const entries = Array.isArray(list.unsubscribe) ? list.unsubscribe : [list.unsubscribe];
    expect(entries[0]!.url).toMatch(/^https?:\/\/.+\/u\//);
    const [mailto = '', query] = entries.find((e) => e.mail)!.mail!.split('?');
    expect(query).toBe('subject=unsubscribe');
    expect(mailto).toMatch(new RegExp(`^unsub\\+[0-9a-f]{32}\\.[0-9a-f]{20}@${DOMAIN.replaceAll('.', '\\.')}$`));

    const rows = async () =>
      Object.fromEntries(
        (await ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id))).map((r) => [
          r.email.split('@')[0],
          { state: r.state, bounce: r.bounce, unsubscribed: !!r.unsubscribedAt, complained: !!r.complainedAt },
        ]),
      );
    const suppressed = async () =>
      (await ctx.db.select().from(suppressions).where(eq(suppressions.userId, user.id)))
        .map((s) => `${s.email.split('@')[0]}:${s.reason}`)
        .sort();

    // 1. A message to the mailto, whatever it says, unsubscribes its recipient (applied before the 250).
    const info = await deliver(
      mailto,
      `From: in0@inbound.example\r\nTo: ${mailto}\r\nSubject: unsubscribe\r\n\r\nunsubscribe\r\n`,
      'in0@inbound.example',
    );
    expect(info.response).toMatch(/^250/);
    // 2. A DSN: a wrong address (5.1.1) is a hard bounce, suppressed at once.
    await deliver(
      `bounces@${DOMAIN}`,
      dsn(emails[1]!, 'in1@inbound.example', '5.1.1', '550 5.1.1 <in1@inbound.example>: Recipient address rejected: User unknown'),
    );
    // 3. A full mailbox (5.2.2) bounces this message only.
    await deliver(`bounces@${DOMAIN}`, dsn(emails[2]!, 'in2@inbound.example', '5.2.2', '552 5.2.2 Mailbox full'));
    // 4. A complaint through a feedback loop.
    await deliver(`bounces@${DOMAIN}`, arf(emails[3]!, 'in3@inbound.example'));
    // 5. An auto-reply to the bounce address is taken and changes nothing.
    await deliver(
      `bounces@${DOMAIN}`,
      'From: in0@inbound.example\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\n\r\nI am away.\r\n',
    );

    expect(await rows()).toEqual({
      in0: { state: 'sent', bounce: null, unsubscribed: true, complained: false },
      in1: { state: 'bounced', bounce: 'hard', unsubscribed: false, complained: false },
      in2: { state: 'bounced', bounce: 'soft', unsubscribed: false, complained: false },
      in3: { state: 'sent', bounce: null, unsubscribed: false, complained: true },
    });
    expect(await suppressed()).toEqual(['in0:unsubscribed', 'in1:bounced', 'in3:complained']);

    // The same DSN delivered again (a server that retries) changes nothing more.
    await deliver(`bounces@${DOMAIN}`, dsn(emails[2]!, 'in2@inbound.example', '5.2.2', '552 5.2.2 Mailbox full'));
    expect(await suppressed()).toEqual(['in0:unsubscribed', 'in1:bounced', 'in3:complained']);

    // Refused at RCPT TO: a forged mailto, an unknown address, another domain (no relaying).
    const forged = mailto.replace(/\.[0-9a-f]{20}@/, `.${'0'.repeat(20)}@`);
    for (const [to, answer] of [
      [forged, /^550 5\.1\.1/],
      [`postmaster@${DOMAIN}`, /^550 5\.1\.1/],
      ['bounces@elsewhere.example', /^550 5\.7\.1/],
    ] as const) {
      const refused = await deliver(to, 'Subject: x\r\n\r\nx\r\n').then(
        () => null,
        (error: Error & { response?: string }) => error.response ?? error.message,
      );
      expect(refused, to).toMatch(answer);
    }
  });
});
