import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@enlaza/contracts';
import { campaignRecipients, messages, profiles, suppressions } from '../../src/db/schema/index.js';
import { classifySmtpError, enhancedStatus, type SmtpError } from '../../src/modules/campaigns/smtp-failures.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const answer = (code: number, text: string): SmtpError =>
  Object.assign(new Error(`Can't send mail - all recipients were rejected: ${code} ${text}`), {
    responseCode: code,
    response: `${code} ${text}`,
    command: 'RCPT TO',
  });

describe('an SMTP answer, read as a mail team reads it (RFC 3463 enhanced status codes)', () => {
  it('tells a wrong address (hard) from a refused message (soft) and from a later-please (temporary)', () => {
    expect(enhancedStatus('550 5.1.1 <a@example.org>: Recipient address rejected')).toEqual([5, 1, 1]);
    expect(enhancedStatus('250-8BITMIME')).toBeNull();
    const cases: [SmtpError, string][] = [
      [answer(550, '5.1.1 <a@example.org>: Recipient address rejected: User unknown'), 'hard'],
      [answer(550, '5.1.10 RESOLVER.ADR.RecipientNotFound'), 'hard'],
      [answer(550, '5.2.1 The email account that you tried to reach is disabled'), 'hard'],
      [answer(552, '5.2.2 The email account that you tried to reach is over quota'), 'soft'],
      [answer(554, '5.7.1 Message rejected as spam'), 'soft'],
      [answer(552, '5.3.4 Message size exceeds fixed limit'), 'soft'],
      [answer(550, 'Requested action not taken: mailbox unavailable'), 'hard'],
      [answer(554, 'Transaction failed'), 'soft'],
      [answer(451, '4.7.1 Greylisted, please try again later'), 'temporary'],
      [answer(450, '4.2.0 Mailbox busy'), 'temporary'],
      [answer(454, '4.7.0 Too many messages, slow down'), 'temporary'],
      [Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', command: 'CONN' }), 'outage'],
    ];
    for (const [error, kind] of cases)
      expect({ answer: error.response ?? error.message, kind: classifySmtpError(error) }).toEqual({
        answer: error.response ?? error.message,
        kind,
      });
  });
});

/** Greylisting: the first two tries of each address are refused with 451, the third accepted. */
const tries = new Map<string, number>();
let mail: Mailbox;
let ctx: TestContext;

beforeAll(async () => {
  mail = await startMailbox({
    refuseRecipient: (address) => {
      const [local] = address.split('@');
      if (local!.startsWith('gone')) return { code: 550, text: '5.1.1 No such user here' };
      if (local!.startsWith('full')) return { code: 552, text: '5.2.2 Mailbox full' };
      if (local!.startsWith('grey')) {
        const n = (tries.get(address) ?? 0) + 1;
        tries.set(address, n);
        if (n < 3) return { code: 451, text: '4.7.1 Greylisted, please try again later' };
      }
      return undefined;
    },
  });
  ctx = await createTestApp({ ...mail.env, PUBLIC_URL: 'http://enlaza.test', CAMPAIGN_RETRY_SCHEDULE: '1s,1s,1s' });
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
});

describe('bounces and temporary refusals of a campaign', () => {
  it('waits out greylisting and sends once, suppresses a wrong address at once and a full mailbox after its third bounce', async () => {
    const user = await insertUser(ctx.db, { name: 'Bea Bounces' });
    const token = await login(ctx.app, user);
    const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await ctx.app.inject({ method, url, headers: bearer(token), payload });
      return { status: res.statusCode, body: res.json<{ data: T }>() };
    };
    const tag = user.id.slice(0, 8);
    const [card] = await ctx.db.insert(profiles).values({ userId: user.id, kind: 'card', name: 'Bea' }).returning();
    const address = (who: string) => `${who}-${tag}@example.org`;
    await ctx.db.insert(messages).values(
      ['grey', 'gone', 'full', 'fine'].map((who) => ({
        profileId: card!.id,
        userId: user.id,
        name: who,
        email: address(who),
        body: 'Hi',
        consent: true,
      })),
    );
    await call('PUT', '/api/campaigns/sender', { name: 'Bea', postalAddress: 'Calle Mayor 1, Madrid' });
    const template = await call<{ id: string }>('POST', '/api/templates', {
      name: 'News',
      subject: 'News',
      bodyHtml: '<p>Hello {{name}}</p>',
    });

    const campaign = async () => {
      const created = await call<Campaign>('POST', '/api/campaigns', {
        name: 'News',
        templateId: template.body.data.id,
        audience: { profileIds: [card!.id] },
      });
      expect((await call('POST', `/api/campaigns/${created.body.data.id}/start`, {})).status).toBe(200);
      await waitFor(
        async () => ((await call<Campaign>('GET', `/api/campaigns/${created.body.data.id}`)).body.data.state === 'sent' ? true : undefined),
        'the campaign to end',
      );
      const rows = await ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, created.body.data.id));
      return Object.fromEntries(rows.map((r) => [r.email.split('-')[0], { state: r.state, bounce: r.bounce, attempts: r.attempts }]));
    };
    const suppressed = async () =>
      (
        await ctx.db
          .select()
          .from(suppressions)
          .where(and(eq(suppressions.userId, user.id)))
      )
        .map((s) => `${s.email.split('-')[0]}:${s.reason}`)
        .sort();

    expect(await campaign()).toEqual({
      grey: { state: 'sent', bounce: null, attempts: 3 },
      gone: { state: 'bounced', bounce: 'hard', attempts: 1 },
      full: { state: 'bounced', bounce: 'soft', attempts: 1 },
      fine: { state: 'sent', bounce: null, attempts: 1 },
    });
    // The greylisted address received the email once, after its two refusals.
    expect(mail.received.filter((m) => m.to.includes(address('grey')))).toHaveLength(1);
    expect(await suppressed()).toEqual(['gone:bounced']);

    // A full mailbox is not the address's fault: suppressed only at its third soft bounce.
    expect((await campaign()).full).toEqual({ state: 'bounced', bounce: 'soft', attempts: 1 });
    expect(await suppressed()).toEqual(['gone:bounced']);
    expect((await campaign()).full).toEqual({ state: 'bounced', bounce: 'soft', attempts: 1 });
    expect(await suppressed()).toEqual(['full:bounced', 'gone:bounced']);
  });
});
