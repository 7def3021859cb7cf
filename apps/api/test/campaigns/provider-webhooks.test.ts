import { createHmac, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '@enlaza/contracts';
import { loadConfig } from '../../src/config.js';
import { campaignRecipients, suppressions } from '../../src/db/schema/index.js';
import { createDraftCampaign, seedCampaignAudience } from '../helpers/campaigns.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { createSnsSigner, type SnsSigner } from '../helpers/sns.js';
import { bearer, createTestApp, insertUser, login, waitFor, type TestContext } from '../helpers/test-app.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:enlaza-ses-feedback';
const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0000000000000000000000000000000.pem';
const SUBSCRIBE_URL = `https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=abc`;
const MAILGUN_KEY = 'key-mailgun-signing-0123456789abcdef';
const POSTMARK = 'postmark:Zq8v2mWc7rT4kP1xY9bN';

let sns: SnsSigner;
const sendgrid = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
/** What the app fetched from the outside world (the certificate, the subscription confirmation). */
const fetched: string[] = [];
let mail: Mailbox;
let ctx: TestContext;

/** The outside world as the app reaches it: SNS's certificate and its confirmation address, nothing else. */
const outsideWorld: typeof fetch = async (input) => {
  const url = String(input instanceof Request ? input.url : input);
  fetched.push(url);
  if (url === CERT_URL) return new Response(sns.certificatePem, { status: 200, headers: { 'content-type': 'application/x-pem-file' } });
  if (url === SUBSCRIBE_URL) return new Response('<ConfirmSubscriptionResponse/>', { status: 200 });
  return new Response('not found', { status: 404 });
};

beforeAll(async () => {
  // A certificate of our own stands in for the one SNS signs with; the app fetches it from the SNS address.
  sns = createSnsSigner();
  mail = await startMailbox();
  ctx = await createTestApp(
    {
      ...mail.env,
      SES_SNS_TOPIC_ARNS: TOPIC,
      SENDGRID_WEBHOOK_PUBLIC_KEY: sendgrid.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
      MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
      POSTMARK_WEBHOOK_CREDENTIALS: POSTMARK,
    },
    { fetch: outsideWorld },
  );
});
afterAll(async () => {
  await ctx?.close();
  await mail?.close();
  sns.close();
});

/** An SNS message signed as SNS signs (SignatureVersion 2, SHA256withRSA). */
const snsMessage = (fields: Record<string, string> & { Type: string }) => sns.sign(fields, CERT_URL, '2');

const post = (provider: string, body: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/campaigns/webhooks/${provider}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...headers },
  });

describe('mail providers’ bounce and complaint webhooks, signatures verified', () => {
  it('applies Amazon SES (through SNS), SendGrid, Mailgun and Postmark reports, and refuses what does not verify', async () => {
    const user = await insertUser(ctx.db);
    const token = await login(ctx.app, user);
    const seed = await seedCampaignAudience(ctx.db, user.id, 4, { prefix: 'pw', domain: 'providers.example' });
    const id = await createDraftCampaign(ctx.app, token, { name: 'Providers', templateId: seed.templateId, profileId: seed.profileId });
    await ctx.app.inject({ method: 'POST', url: `/api/campaigns/${id}/start`, headers: bearer(token), payload: {} });
    const emails = await Promise.all([0, 1, 2, 3].map((i) => mail.next(`pw${i}@providers.example`)));
    await waitFor(async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${id}`, headers: bearer(token) });
      return res.json<{ data: Campaign }>().data.state === 'sent' ? true : undefined;
    }, 'the campaign to end');
    const messageIds = emails.map((e) => /^Message-ID:\s*(\S+)/im.exec(e.raw)![1]!);
    const rows = async () =>
      Object.fromEntries(
        (await ctx.db.select().from(campaignRecipients).where(eq(campaignRecipients.campaignId, id))).map((r) => [
          r.email.split('@')[0],
          `${r.state}${r.bounce ? `:${r.bounce}` : ''}${r.complainedAt ? ':complained' : ''}`,
        ]),
      );
    const untouched = { pw0: 'sent', pw1: 'sent', pw2: 'sent', pw3: 'sent' };

    // --- Amazon SES through SNS (posted as text/plain, as SNS does) ---
    const sesBounce = snsMessage({
      Type: 'Notification',
      MessageId: 'a1b2c3d4-0000-4000-8000-000000000001',
      TopicArn: TOPIC,
      Timestamp: new Date().toISOString(),
      Message: JSON.stringify({
        notificationType: 'Bounce',
        bounce: {
          bounceType: 'Permanent',
          bounceSubType: 'General',
          bouncedRecipients: [
            { emailAddress: 'pw0@providers.example', action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
          ],
        },
        mail: { messageId: '0000014644fe5ef6-9a483358-9170-4cb4', commonHeaders: { messageId: messageIds[0] } },
      }),
    });
    const plain = { 'content-type': 'text/plain; charset=UTF-8', 'x-amz-sns-message-type': 'Notification' };
    // A changed message: the signature no longer verifies, nothing is applied.
    const forged = { ...sesBounce, Message: sesBounce.Message!.replace('pw0@', 'pw1@') };
    const refused = await post('ses', JSON.stringify(forged), plain);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ code: string }>().code).toBe('webhook.signature_invalid');
    // Another topic than the configured one.
    const otherTopic = snsMessage({ ...sesBounce, TopicArn: 'arn:aws:sns:eu-west-1:123456789012:someone-else' });
    expect((await post('ses', JSON.stringify(otherTopic), plain)).statusCode).toBe(403);
    expect(await rows()).toEqual(untouched);
    const ok = await post('ses', JSON.stringify(sesBounce), plain);
    expect(ok.json()).toEqual({ ok: 1, data: { matched: 1, suppressed: 1, paused: 0 } });
    expect(fetched.filter((u) => u === CERT_URL)).toHaveLength(1);
    // Subscribing the endpoint: the confirmation address is visited once the message verifies.
    const subscribe = snsMessage({
      Type: 'SubscriptionConfirmation',
      MessageId: 'a1b2c3d4-0000-4000-8000-000000000002',
      Token: 'abc',
      TopicArn: TOPIC,
      Message: 'You have chosen to subscribe to the topic.',
      SubscribeURL: SUBSCRIBE_URL,
      Timestamp: new Date().toISOString(),
    });
    expect((await post('ses', JSON.stringify(subscribe), plain)).statusCode).toBe(200);
    expect(fetched).toContain(SUBSCRIBE_URL);

    // --- SendGrid (ECDSA over the timestamp and the exact body) ---
    const events = JSON.stringify([{ email: 'pw1@providers.example', event: 'spamreport', 'smtp-id': messageIds[1], timestamp: 1 }]);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = sign('sha256', Buffer.from(timestamp + events), sendgrid.privateKey).toString('base64');
    const sgHeaders = { 'x-twilio-email-event-webhook-signature': signature, 'x-twilio-email-event-webhook-timestamp': timestamp };
    expect((await post('sendgrid', events.replace('spamreport', 'bounce'), sgHeaders)).statusCode).toBe(401);
    expect((await post('sendgrid', events, sgHeaders)).json()).toEqual({ ok: 1, data: { matched: 1, suppressed: 1, paused: 0 } });

    // --- Mailgun (HMAC of timestamp and token; each token once) ---
    const mailgunBody = (event: object) => {
      const ts = String(Math.floor(Date.now() / 1000));
      const tok = randomBytes(25).toString('hex');
      return {
        signature: {
          timestamp: ts,
          token: tok,
          signature: createHmac('sha256', MAILGUN_KEY)
            .update(ts + tok)
            .digest('hex'),
        },
        'event-data': event,
      };
    };
    const failed = mailgunBody({
      event: 'failed',
      severity: 'permanent',
      recipient: 'pw2@providers.example',
      message: { headers: { 'message-id': messageIds[2]!.replace(/[<>]/g, '') } },
      'delivery-status': { code: 552, 'enhanced-code': '5.2.2', message: '552 5.2.2 Mailbox full' },
    });
    const badKey = { ...failed, signature: { ...failed.signature, signature: '0'.repeat(64) } };
    expect((await post('mailgun', JSON.stringify(badKey))).statusCode).toBe(406);
    expect((await post('mailgun', JSON.stringify(failed))).json()).toEqual({ ok: 1, data: { matched: 1, suppressed: 0, paused: 0 } });
    // The same signature again, now carrying another event: a replay, refused.
    const replay = { ...failed, 'event-data': { event: 'complained', recipient: 'pw3@providers.example' } };
    const replayed = await post('mailgun', JSON.stringify(replay));
    expect(replayed.statusCode).toBe(406);
    expect(replayed.json<{ code: string }>().code).toBe('webhook.not_acceptable');

    // --- Postmark (basic auth in the webhook URL) ---
    const complaint = JSON.stringify({
      RecordType: 'SpamComplaint',
      Email: 'pw3@providers.example',
      MessageID: 'pm-1',
      Description: 'spam',
    });
    const basic = (credentials: string) => ({ authorization: `Basic ${Buffer.from(credentials).toString('base64')}` });
    expect((await post('postmark', complaint, basic('postmark:wrong-password-000000'))).statusCode).toBe(401);
    expect((await post('postmark', complaint)).statusCode).toBe(401);
    expect((await post('postmark', complaint, basic(POSTMARK))).json()).toEqual({ ok: 1, data: { matched: 1, suppressed: 1, paused: 0 } });

    expect(await rows()).toEqual({ pw0: 'bounced:hard', pw1: 'sent:complained', pw2: 'bounced:soft', pw3: 'sent:complained' });
    const suppressed = (await ctx.db.select().from(suppressions).where(eq(suppressions.userId, user.id)))
      .map((s) => `${s.email.split('@')[0]}:${s.reason}`)
      .sort();
    expect(suppressed).toEqual(['pw0:bounced', 'pw1:complained', 'pw3:complained']);

    // Our own webhook is off here (no BOUNCE_WEBHOOK_SECRET): 404, like any provider's without its setting.
    expect((await post('bounces', '{"events":[]}')).statusCode).toBe(404);
  });

  it('refuses at start a SendGrid key that could verify nothing: not a key, or not on P-256', () => {
    const base = { NODE_ENV: 'test', WEB_DIST: '.' };
    const spki = (key: ReturnType<typeof generateKeyPairSync>['publicKey']) =>
      key.export({ format: 'der', type: 'spki' }).toString('base64');
    expect(() => loadConfig({ ...base, SENDGRID_WEBHOOK_PUBLIC_KEY: spki(sendgrid.publicKey) })).not.toThrow();
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey;
    expect(() => loadConfig({ ...base, SENDGRID_WEBHOOK_PUBLIC_KEY: spki(p384) })).toThrow(/not a P-256 public key/);
    expect(() => loadConfig({ ...base, SENDGRID_WEBHOOK_PUBLIC_KEY: 'not-a-key' })).toThrow(/not a P-256 public key/);
  });
});
