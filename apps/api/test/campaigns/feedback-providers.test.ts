import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSnsSigner, type SnsSigner } from '../helpers/sns.js';
import { mailgunEvents, mailgunToken, verifyMailgun } from '../../src/modules/campaigns/feedback/mailgun.js';
import { postmarkEvents, verifyPostmark } from '../../src/modules/campaigns/feedback/postmark.js';
import { sendgridEvents, verifySendgrid } from '../../src/modules/campaigns/feedback/sendgrid.js';
import {
  createCertificateCache,
  isAmazonSnsUrl,
  parseSnsMessage,
  sesEvents,
  verifySnsMessage,
  type SnsMessage,
} from '../../src/modules/campaigns/feedback/ses.js';

// ---------------------------------------------------------------------------------------------
// Amazon SES through Amazon SNS
// ---------------------------------------------------------------------------------------------

const CERT_URL = 'https://sns.us-west-2.amazonaws.com/SimpleNotificationService-f3ecfb7224c7233fe7bb5f59f96de52f.pem';
let sns: SnsSigner;
let certificatePem: string;

// A self-signed certificate valid for two days, standing in for the one SNS publishes.
beforeAll(() => {
  sns = createSnsSigner();
  certificatePem = sns.certificatePem;
});

afterAll(() => sns.close());

type Unsigned = Omit<SnsMessage, 'Signature' | 'SignatureVersion' | 'SigningCertURL'> & Partial<SnsMessage>;

/** Signs as SNS does (any signature fields given are replaced). */
const signSns = (fields: Unsigned, version: '1' | '2' = '1', key?: string): SnsMessage => sns.sign(fields, CERT_URL, version, key);

/** Serves our certificate at the SNS-looking URL only, and says which URLs were asked for. */
function certificateServer() {
  const asked: string[] = [];
  const fetchCertificate = async (url: string) => {
    asked.push(url);
    if (url !== CERT_URL) throw new Error(`no certificate at ${url}`);
    return certificatePem;
  };
  return { asked, fetchCertificate };
}

// The SES documentation's examples ("Amazon SNS notification examples for Amazon SES", and "Examples
// of event data that Amazon SES publishes to Amazon SNS"), kept as published.
const SES_BOUNCE_WITH_DSN = {
  notificationType: 'Bounce',
  bounce: {
    bounceType: 'Permanent',
    reportingMTA: 'dns; email.example.com',
    bouncedRecipients: [
      { emailAddress: 'jane@example.com', status: '5.1.1', action: 'failed', diagnosticCode: 'smtp; 550 5.1.1 <jane@example.com>... User' },
    ],
    bounceSubType: 'General',
    timestamp: '2016-01-27T14:59:38.237Z',
    feedbackId: '00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa068a-000000',
    remoteMtaIp: '127.0.2.0',
  },
  mail: {
    timestamp: '2016-01-27T14:59:38.237Z',
    source: 'john@example.com',
    sourceArn: 'arn:aws:ses:us-east-1:888888888888:identity/example.com',
    sourceIp: '127.0.3.0',
    sendingAccountId: '123456789012',
    messageId: '00000138111222aa-33322211-cccc-cccc-cccc-ddddaaaa0680-000000',
    destination: ['jane@example.com', 'mary@example.com', 'richard@example.com'],
    headersTruncated: false,
    headers: [
      { name: 'From', value: '"John Doe" <john@example.com>' },
      { name: 'To', value: '"Jane Doe" <jane@example.com>, "Mary Doe" <mary@example.com>, "Richard Doe" <richard@example.com>' },
      { name: 'Message-ID', value: 'custom-message-ID' },
      { name: 'Subject', value: 'Hello' },
      { name: 'Content-Type', value: 'text/plain; charset="UTF-8"' },
      { name: 'Content-Transfer-Encoding', value: 'base64' },
      { name: 'Date', value: 'Wed, 27 Jan 2016 14:05:45 +0000' },
    ],
    commonHeaders: {
      from: ['John Doe <john@example.com>'],
      date: 'Wed, 27 Jan 2016 14:05:45 +0000',
      to: ['Jane Doe <jane@example.com>, Mary Doe <mary@example.com>, Richard Doe <richard@example.com>'],
      messageId: 'custom-message-ID',
      subject: 'Hello',
    },
  },
};

const SES_BOUNCE_WITHOUT_DSN = {
  notificationType: 'Bounce',
  bounce: {
    bounceType: 'Permanent',
    bounceSubType: 'General',
    bouncedRecipients: [{ emailAddress: 'jane@example.com' }, { emailAddress: 'richard@example.com' }],
    timestamp: '2016-01-27T14:59:38.237Z',
    feedbackId: '00000137860315fd-869464a4-8680-4114-98d3-716fe35851f9-000000',
    remoteMtaIp: '127.0.2.0',
  },
  mail: {
    timestamp: '2016-01-27T14:59:38.237Z',
    messageId: '00000137860315fd-34208509-5b74-41f3-95c5-22c1edc3c924-000000',
    source: 'john@example.com',
    sourceArn: 'arn:aws:ses:us-east-1:888888888888:identity/example.com',
    sourceIp: '127.0.3.0',
    sendingAccountId: '123456789012',
    destination: ['jane@example.com', 'mary@example.com', 'richard@example.com'],
  },
};

const SES_COMPLAINT_WITH_FEEDBACK = {
  notificationType: 'Complaint',
  complaint: {
    userAgent: 'AnyCompany Feedback Loop (V0.01)',
    complainedRecipients: [{ emailAddress: 'richard@example.com' }],
    complaintFeedbackType: 'abuse',
    arrivalDate: '2016-01-27T14:59:38.237Z',
    timestamp: '2016-01-27T14:59:38.237Z',
    feedbackId: '000001378603177f-18c07c78-fa81-4a58-9dd1-fedc3cb8f49a-000000',
  },
  mail: {
    timestamp: '2016-01-27T14:59:38.237Z',
    messageId: '000001378603177f-7a5433e7-8edb-42ae-af10-f0181f34d6ee-000000',
    source: 'john@example.com',
    sourceArn: 'arn:aws:ses:us-east-1:888888888888:identity/example.com',
    sourceIp: '127.0.3.0',
    sendingAccountId: '123456789012',
    destination: ['jane@example.com', 'mary@example.com', 'richard@example.com'],
    headersTruncated: false,
    headers: [
      { name: 'From', value: '"John Doe" <john@example.com>' },
      { name: 'Message-ID', value: 'custom-message-ID' },
      { name: 'Subject', value: 'Hello' },
    ],
    commonHeaders: {
      from: ['John Doe <john@example.com>'],
      date: 'Wed, 27 Jan 2016 14:05:45 +0000',
      messageId: 'custom-message-ID',
      subject: 'Hello',
    },
  },
};

const SES_EVENT_PUBLISHING_BOUNCE = {
  eventType: 'Bounce',
  bounce: {
    bounceType: 'Permanent',
    bounceSubType: 'General',
    bouncedRecipients: [
      { emailAddress: 'recipient@example.com', action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
    ],
    timestamp: '2017-08-05T00:41:02.669Z',
    feedbackId: '01000157c44f053b-61b59c11-9236-11e6-8f96-7be8aexample-000000',
    reportingMTA: 'dsn; mta.example.com',
  },
  mail: {
    timestamp: '2017-08-05T00:40:02.012Z',
    source: 'Sender Name <sender@example.com>',
    sourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/sender@example.com',
    sendingAccountId: '123456789012',
    messageId: 'EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000',
    destination: ['recipient@example.com'],
    headersTruncated: false,
    headers: [
      { name: 'From', value: 'Sender Name <sender@example.com>' },
      { name: 'To', value: 'recipient@example.com' },
      { name: 'Subject', value: 'Message sent from Amazon SES' },
      { name: 'MIME-Version', value: '1.0' },
      { name: 'Content-Type', value: 'multipart/alternative; boundary="----=_Part_7307378_1629847660.1516840721503"' },
    ],
    commonHeaders: {
      from: ['Sender Name <sender@example.com>'],
      to: ['recipient@example.com'],
      messageId: 'EXAMPLE7c191be45-e9aedb9a-02f9-4d12-a87d-dd0099a07f8a-000000',
      subject: 'Message sent from Amazon SES',
    },
    tags: {
      'ses:configuration-set': ['ConfigSet'],
      'ses:source-ip': ['192.0.2.0'],
      'ses:from-domain': ['example.com'],
      'ses:caller-identity': ['ses_user'],
    },
  },
};

/** An SNS notification carrying an SES document, as SNS delivers SES notifications (no Subject). */
const sesNotification = (ses: unknown, version: '1' | '2' = '1') =>
  signSns(
    {
      Type: 'Notification',
      MessageId: '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324',
      TopicArn: 'arn:aws:sns:us-west-2:123456789012:MyTopic',
      Message: JSON.stringify(ses),
      Timestamp: '2012-05-02T00:54:06.655Z',
      UnsubscribeURL:
        'https://sns.us-west-2.amazonaws.com/?Action=Unsubscribe&SubscriptionArn=arn:aws:sns:us-west-2:123456789012:MyTopic:c9135db0-26c4-47ec-8998-413945fb5a96',
    },
    version,
  );

describe('SNS signatures, as "Verifying the signatures of Amazon SNS messages" describes them', () => {
  it('verifies a notification signed with SignatureVersion 1 (SHA1withRSA) and 2 (SHA256withRSA), read from the body SNS posts', async () => {
    const { asked, fetchCertificate } = certificateServer();
    for (const version of ['1', '2'] as const) {
      const rawBody = JSON.stringify(sesNotification(SES_BOUNCE_WITH_DSN, version), null, 2);
      const message = parseSnsMessage(rawBody);
      expect(message).not.toBeNull();
      expect(await verifySnsMessage(message!, fetchCertificate)).toBe(true);
    }
    expect(asked).toEqual([CERT_URL, CERT_URL]);
  });

  it('signs the Subject only when there is one, and the confirmation fields of a SubscriptionConfirmation', async () => {
    const { fetchCertificate } = certificateServer();
    const withSubject = signSns({
      Type: 'Notification',
      MessageId: '22b80b92-fdea-4c2c-8f9d-bdfb0c7bf324',
      TopicArn: 'arn:aws:sns:us-west-2:123456789012:MyTopic',
      Subject: 'My First Message',
      Message: 'Hello world!',
      Timestamp: '2012-05-02T00:54:06.655Z',
    });
    expect(await verifySnsMessage(withSubject, fetchCertificate)).toBe(true);
    expect(await verifySnsMessage({ ...withSubject, Subject: 'Another subject' }, fetchCertificate)).toBe(false);
    const { Subject: _dropped, ...withoutSubject } = withSubject;
    expect(await verifySnsMessage(withoutSubject, fetchCertificate)).toBe(false);

    const token =
      '2336412f37fb687f5d51e6e241d09c805a5a57b30d712f794cc5f6a988666d92768dd60a747ba6f3beb71854e285d6ad02428b09ceece29417f1f02d609c582afbacc99c583a916b9981dd2728f4ae6fdb82efd087cc3b7849e05798d2d2785c03b0879594eeac82c01f235d0e717736';
    const confirmation = signSns({
      Type: 'SubscriptionConfirmation',
      MessageId: '165545c9-2a5c-472c-8df2-7ff2be2b3b1b',
      Token: token,
      TopicArn: 'arn:aws:sns:us-west-2:123456789012:MyTopic',
      Message:
        'You have chosen to subscribe to the topic arn:aws:sns:us-west-2:123456789012:MyTopic.\nTo confirm the subscription, visit the SubscribeURL included in this message.',
      SubscribeURL: `https://sns.us-west-2.amazonaws.com/?Action=ConfirmSubscription&TopicArn=arn:aws:sns:us-west-2:123456789012:MyTopic&Token=${token}`,
      Timestamp: '2012-04-26T20:45:04.751Z',
    });
    const parsed = parseSnsMessage(JSON.stringify(confirmation));
    expect(await verifySnsMessage(parsed!, fetchCertificate)).toBe(true);
    expect(
      await verifySnsMessage({ ...confirmation, SubscribeURL: 'https://sns.us-west-2.amazonaws.com/?Action=Other' }, fetchCertificate),
    ).toBe(false);
    expect(await verifySnsMessage({ ...confirmation, Token: undefined }, fetchCertificate)).toBe(false);
  });

  it('refuses a changed message, a signature by another key, an unknown SignatureVersion, a failed certificate download', async () => {
    const { fetchCertificate } = certificateServer();
    const message = sesNotification(SES_BOUNCE_WITH_DSN);
    const forged = JSON.stringify({
      ...SES_BOUNCE_WITH_DSN,
      bounce: { ...SES_BOUNCE_WITH_DSN.bounce, bouncedRecipients: [{ emailAddress: 'victim@example.com' }] },
    });
    expect(await verifySnsMessage({ ...message, Message: forged }, fetchCertificate)).toBe(false);
    expect(await verifySnsMessage({ ...message, TopicArn: 'arn:aws:sns:us-west-2:999999999999:Other' }, fetchCertificate)).toBe(false);

    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const byAnotherKey = signSns(message, '1', other);
    expect(await verifySnsMessage(byAnotherKey, fetchCertificate)).toBe(false);
    expect(await verifySnsMessage({ ...message, Signature: '' }, fetchCertificate)).toBe(false);
    expect(await verifySnsMessage({ ...message, Signature: 'not base64 at all!' }, fetchCertificate)).toBe(false);

    // The same signature claimed as version 2, and versions SNS does not have.
    for (const SignatureVersion of ['2', '3', '', 'SHA1'])
      expect(await verifySnsMessage({ ...message, SignatureVersion }, fetchCertificate)).toBe(false);

    const failing = async () => Promise.reject(new Error('ECONNREFUSED'));
    expect(await verifySnsMessage(message, failing)).toBe(false);
    expect(await verifySnsMessage(message, async () => 'not a certificate')).toBe(false);
  });

  it('fetches the certificate from an Amazon SNS https URL naming a .pem file only', async () => {
    const message = sesNotification(SES_BOUNCE_WITH_DSN);
    // This one serves the right certificate whatever the URL: a refusal comes from the URL check alone.
    const asked: string[] = [];
    const anyUrl = async (url: string) => {
      asked.push(url);
      return certificatePem;
    };
    const refused = [
      'http://sns.us-west-2.amazonaws.com/SimpleNotificationService-f3ecfb7224c7233fe7bb5f59f96de52f.pem',
      'https://sns.us-west-2.amazonaws.com.evil.example/SimpleNotificationService.pem',
      'https://evil.example/sns.us-west-2.amazonaws.com/SimpleNotificationService.pem',
      'https://sns.us-west-2.amazonaws.com@evil.example/SimpleNotificationService.pem',
      'https://user:pw@sns.us-west-2.amazonaws.com/SimpleNotificationService.pem',
      'https://sns.us-west-2.amazonaws.com:8443/SimpleNotificationService.pem',
      'https://sqs.us-west-2.amazonaws.com/SimpleNotificationService.pem',
      'https://sns.us-west-2.amazonaws.com/SimpleNotificationService.txt',
      'https://sns.us-west-2.amazonaws.com/?file=SimpleNotificationService.pem',
      'https://sns.us-west-2.amazonaws.com/SimpleNotificationService.pem?x=1',
      'file:///etc/ssl/SimpleNotificationService.pem',
    ];
    for (const SigningCertURL of refused)
      expect({ SigningCertURL, ok: await verifySnsMessage({ ...message, SigningCertURL }, anyUrl) }).toEqual({ SigningCertURL, ok: false });
    expect(asked).toEqual([]);
    expect(await verifySnsMessage(message, anyUrl)).toBe(true);
  });

  it('refuses a certificate outside its validity dates', async () => {
    const { fetchCertificate } = certificateServer();
    const message = sesNotification(SES_BOUNCE_WITH_DSN, '2');
    const day = 24 * 60 * 60 * 1000;
    expect(await verifySnsMessage(message, fetchCertificate, Date.now() + 3 * day)).toBe(false);
    expect(await verifySnsMessage(message, fetchCertificate, Date.now() - day)).toBe(false);
    expect(await verifySnsMessage(message, fetchCertificate, Date.now() + day)).toBe(true);
  });

  it('reads only SNS messages out of a body', () => {
    expect(parseSnsMessage('not json')).toBeNull();
    expect(parseSnsMessage('[]')).toBeNull();
    expect(parseSnsMessage(JSON.stringify(SES_BOUNCE_WITH_DSN))).toBeNull();
    const message = sesNotification(SES_BOUNCE_WITH_DSN);
    expect(parseSnsMessage(JSON.stringify({ ...message, Type: 'Other' }))).toBeNull();
    expect(parseSnsMessage(JSON.stringify({ ...message, Message: { nested: true } }))).toBeNull();
    expect(parseSnsMessage(JSON.stringify({ ...message, Subject: null }))).toEqual(message);
  });

  it('tells Amazon SNS URLs from look-alikes', () => {
    expect(isAmazonSnsUrl('https://sns.us-east-1.amazonaws.com/SimpleNotificationService-abc.pem')).toBe(true);
    expect(isAmazonSnsUrl('https://sns.cn-north-1.amazonaws.com.cn/SimpleNotificationService-abc.pem')).toBe(true);
    expect(isAmazonSnsUrl('https://sns.us-gov-west-1.amazonaws.com/?Action=ConfirmSubscription&Token=x')).toBe(true);
    for (const url of [
      'http://sns.us-east-1.amazonaws.com/',
      'https://sns.us-east-1.amazonaws.com.evil.example/',
      'https://sns.us-east-1.amazonaws.com@evil.example/',
      'https://sns.us-east-1.amazonaws.com:444/',
      'https://sns.amazonaws.com/',
      'https://xsns.us-east-1.amazonaws.com/',
      'https://sns.us-east-1.amazonaws.com./',
      'not a url',
    ])
      expect({ url, ok: isAmazonSnsUrl(url) }).toEqual({ url, ok: false });
  });
});

describe('the SNS certificate cache', () => {
  let server: Server;
  let base: string;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url!);
      if (request.url === '/SimpleNotificationService-good.pem')
        response.writeHead(200, { 'content-type': 'application/x-x509-ca-cert' }).end(certificatePem);
      else if (request.url === '/SimpleNotificationService-html.pem')
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Sign in</html>');
      else if (request.url === '/SimpleNotificationService-slow.pem') setTimeout(() => response.writeHead(200).end(certificatePem), 2000);
      else response.writeHead(404).end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const urlOf = (input: string | URL | Request) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  /** The SNS host rewritten to the local server, as a proxy in front of the real one would. */
  const local: typeof fetch = (input, init) => fetch(urlOf(input).replace('https://sns.us-east-1.amazonaws.com', base), init);
  const url = (name: string) => `https://sns.us-east-1.amazonaws.com/SimpleNotificationService-${name}.pem`;

  it('downloads a certificate once per URL, concurrent asks included', async () => {
    hits.length = 0;
    const fetchCertificate = createCertificateCache(local);
    const [a, b] = await Promise.all([fetchCertificate(url('good')), fetchCertificate(url('good'))]);
    expect(await fetchCertificate(url('good'))).toBe(certificatePem);
    expect([a, b]).toEqual([certificatePem, certificatePem]);
    expect(hits).toEqual(['/SimpleNotificationService-good.pem']);
  });

  it('refuses a non-PEM answer, a 404, a timeout and a non-SNS URL, and keeps none of them', async () => {
    hits.length = 0;
    const fetchCertificate = createCertificateCache(local, { timeoutMs: 200 });
    await expect(fetchCertificate(url('html'))).rejects.toThrow(/no PEM/);
    await expect(fetchCertificate(url('html'))).rejects.toThrow(/no PEM/);
    await expect(fetchCertificate(url('missing'))).rejects.toThrow(/404/);
    await expect(fetchCertificate(url('slow'))).rejects.toThrow();
    await expect(fetchCertificate(`${base}/SimpleNotificationService-good.pem`)).rejects.toThrow(/not an Amazon SNS/);
    expect(hits).toEqual([
      '/SimpleNotificationService-html.pem',
      '/SimpleNotificationService-html.pem',
      '/SimpleNotificationService-missing.pem',
      '/SimpleNotificationService-slow.pem',
    ]);
  });

  it('keeps at most `max` certificates, dropping the least recently used', async () => {
    // Three URLs, all served the good certificate by the local server.
    const three: typeof fetch = (input, init) => local(urlOf(input).replace(/-[abc]\.pem$/, '-good.pem'), init);
    const cache = createCertificateCache(three, { max: 2 });
    hits.length = 0;
    for (const name of ['a', 'b', 'a', 'c', 'a', 'b']) await cache(url(name));
    // a, b downloaded; a kept; c drops b (least recently used); a kept; b downloaded again.
    expect(hits).toHaveLength(4);
  });

  it('serves verifySnsMessage end to end', async () => {
    hits.length = 0;
    const fetchCertificate = createCertificateCache(local);
    const message = { ...sesNotification(SES_BOUNCE_WITH_DSN, '2'), SigningCertURL: url('good') };
    expect(await verifySnsMessage(message, fetchCertificate)).toBe(true);
    expect(await verifySnsMessage({ ...message, Message: JSON.stringify(SES_COMPLAINT_WITH_FEEDBACK) }, fetchCertificate)).toBe(false);
    expect(await verifySnsMessage({ ...message, SigningCertURL: url('html') }, fetchCertificate)).toBe(false);
    expect(hits).toEqual(['/SimpleNotificationService-good.pem', '/SimpleNotificationService-html.pem']);
  });
});

describe('SES notifications read into feedback events', () => {
  const events = (ses: unknown) => sesEvents(sesNotification(ses));

  it('reads the documented bounce with a DSN and the complaint with a feedback report', () => {
    expect(events(SES_BOUNCE_WITH_DSN)).toEqual([
      {
        email: 'jane@example.com',
        type: 'bounce',
        bounce: 'hard',
        // The documented 'custom-message-ID' is no Message-ID (no '@'): matched by address instead.
        detail: 'smtp; 550 5.1.1 <jane@example.com>... User',
      },
    ]);
    expect(events(SES_COMPLAINT_WITH_FEEDBACK)).toEqual([{ email: 'richard@example.com', type: 'complaint', detail: 'abuse' }]);
  });

  it('gives one event per recipient, and falls back on bounceType when there is no DSN', () => {
    expect(events(SES_BOUNCE_WITHOUT_DSN)).toEqual([
      { email: 'jane@example.com', type: 'bounce', bounce: 'hard' },
      { email: 'richard@example.com', type: 'bounce', bounce: 'hard' },
    ]);
    const undetermined = {
      ...SES_BOUNCE_WITHOUT_DSN,
      bounce: { ...SES_BOUNCE_WITHOUT_DSN.bounce, bounceType: 'Undetermined', bounceSubType: 'Undetermined' },
    };
    expect(events(undetermined).map((e) => e.bounce)).toEqual(['soft', 'soft']);
  });

  it('reads event publishing (eventType) the same way', () => {
    expect(events(SES_EVENT_PUBLISHING_BOUNCE)).toEqual([
      {
        email: 'recipient@example.com',
        type: 'bounce',
        bounce: 'hard',
        // SES's own id (the mail had no Message-ID of its own) is left out.
        detail: 'smtp; 550 5.1.1 user unknown',
      },
    ]);
    const complaint = { ...SES_COMPLAINT_WITH_FEEDBACK, notificationType: undefined, eventType: 'Complaint' };
    expect(events(complaint)).toEqual([{ email: 'richard@example.com', type: 'complaint', detail: 'abuse' }]);
  });

  it('classifies a Transient bounce by its status: mailbox full is soft, a 5.1.x is still hard', () => {
    const transient = (status: string, diagnosticCode: string) => ({
      ...SES_BOUNCE_WITH_DSN,
      bounce: {
        ...SES_BOUNCE_WITH_DSN.bounce,
        bounceType: 'Transient',
        bounceSubType: 'MailboxFull',
        bouncedRecipients: [{ emailAddress: 'jane@example.com', status, diagnosticCode }],
      },
    });
    expect(events(transient('5.2.2', 'smtp; 552 5.2.2 Mailbox full'))[0]!.bounce).toBe('soft');
    expect(events(transient('5.1.1', 'smtp; 550 5.1.1 No such user'))[0]!.bounce).toBe('hard');
    // A Permanent bounce refused as spam (5.7.1) bounced this message only.
    const policy = {
      ...SES_BOUNCE_WITH_DSN,
      bounce: {
        ...SES_BOUNCE_WITH_DSN.bounce,
        bouncedRecipients: [{ emailAddress: 'jane@example.com', status: '5.7.1', diagnosticCode: 'smtp; 554 5.7.1 Message rejected' }],
      },
    };
    expect(events(policy)[0]!.bounce).toBe('soft');
  });

  it('takes our Message-ID from the headers, else from the common headers, and never SES’s own id', () => {
    const ours = '<0b7e6c1e-8f0a-4c3e-9d55-2f1a4b6c8d90@enlaza.example>';
    const headers = SES_BOUNCE_WITH_DSN.mail.headers.map((h) => (h.name === 'Message-ID' ? { ...h, value: ours } : h));
    const { commonHeaders: _omitted, ...mail } = SES_BOUNCE_WITH_DSN.mail;
    expect(events({ ...SES_BOUNCE_WITH_DSN, mail: { ...mail, headers } })[0]!.messageId).toBe(ours);
    const common = { ...SES_BOUNCE_WITH_DSN.mail.commonHeaders, messageId: ours };
    expect(events({ ...SES_BOUNCE_WITH_DSN, mail: { ...mail, headers: [], commonHeaders: common } })[0]!.messageId).toBe(ours);
    expect(events(SES_BOUNCE_WITHOUT_DSN)[0]!.messageId).toBeUndefined();
  });

  it('ignores not-spam complaints, deliveries, and a Message that is not JSON', () => {
    const notSpam = {
      ...SES_COMPLAINT_WITH_FEEDBACK,
      complaint: { ...SES_COMPLAINT_WITH_FEEDBACK.complaint, complaintFeedbackType: 'not-spam' },
    };
    expect(events(notSpam)).toEqual([]);
    expect(
      events({ notificationType: 'Delivery', mail: SES_BOUNCE_WITH_DSN.mail, delivery: { recipients: ['jane@example.com'] } }),
    ).toEqual([]);
    expect(sesEvents({ ...sesNotification(SES_BOUNCE_WITH_DSN), Message: 'Hello world!' })).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// SendGrid
// ---------------------------------------------------------------------------------------------

// A batch as the Event Webhook posts it (fields from SendGrid's Event Webhook reference).
const SENDGRID_BODY = JSON.stringify([
  {
    email: 'gone@example.com',
    timestamp: 1513299569,
    'smtp-id': '<14c5d75ce93.dfd.64b469@ismtpd-555>',
    event: 'bounce',
    category: 'cat facts',
    sg_event_id: '6g4ZI7SA-xmRDv57GoPIPw==',
    sg_message_id: '14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0',
    reason:
      "550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos",
    status: '5.1.1',
    type: 'bounce',
  },
  {
    email: 'blocked@example.com',
    timestamp: 1513299569,
    'smtp-id': '<14c5d75ce93.dfd.64b469@ismtpd-555>',
    event: 'bounce',
    category: 'cat facts',
    sg_event_id: '6g4ZI7SA-xmRDv57GoPIPw==',
    sg_message_id: '14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0',
    reason: '554 5.7.1 Service unavailable; Client host blocked using Spamhaus',
    status: '5.7.1',
    type: 'blocked',
  },
  {
    email: 'annoyed@example.com',
    timestamp: 1513299569,
    'smtp-id': '<14c5d75ce93.dfd.64b469@ismtpd-555>',
    event: 'spamreport',
    category: 'cat facts',
    sg_event_id: '37nvH5QBz858KGVYCM4uOA==',
    sg_message_id: '14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0',
  },
  {
    email: 'example@test.com',
    timestamp: 1513299569,
    'smtp-id': '<14c5d75ce93.dfd.64b469@ismtpd-555>',
    event: 'delivered',
    category: 'cat facts',
    sg_event_id: 'rWVYmVk90MjZJ9iohOBa3w==',
    sg_message_id: '14c5d75ce93.dfd.64b469.filter0001.16648.5515E0B88.0',
    response: '250 OK',
  },
]);

describe('SendGrid signed Event Webhook', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const dashboardKey = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const pemKey = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const now = Date.now();
  const timestamp = String(Math.floor(now / 1000));
  /** Signs as SendGrid does: ECDSA P-256 / SHA-256 over the timestamp then the body, DER, base64. */
  const signed = (rawBody: string, ts = timestamp) => ({
    rawBody,
    headers: {
      'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(ts + rawBody), privateKey).toString('base64'),
      'x-twilio-email-event-webhook-timestamp': ts,
      'content-type': 'application/json',
    },
  });

  it('verifies with the key as the settings page shows it (base64 DER) and as PEM', () => {
    expect(verifySendgrid(signed(SENDGRID_BODY), dashboardKey, now)).toBe(true);
    expect(verifySendgrid(signed(SENDGRID_BODY), pemKey, now)).toBe(true);
  });

  it("agrees with SendGrid's own helper library on its published test vector", () => {
    // From sendgrid-nodejs packages/eventwebhook/src/eventwebhook.spec.js: produced by SendGrid, not by us.
    const request = {
      rawBody: JSON.stringify({ category: 'example_payload', event: 'test_event', message_id: 'message_id' }),
      headers: {
        'x-twilio-email-event-webhook-signature':
          'MEUCIQCtIHJeH93Y+qpYeWrySphQgpNGNr/U+UyUlBkU6n7RAwIgJTz2C+8a8xonZGi6BpSzoQsbVRamr2nlxFDWYNH2j/0=',
        'x-twilio-email-event-webhook-timestamp': '1588788367',
      },
    };
    const key =
      'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEEDr2LjtURuePQzplybdC+u4CwrqDqBaWjcMMsTbhdbcwHBcepxo7yAQGhHPTnlvFYPAZFceEu/1FwCM/QmGUhA==';
    expect(verifySendgrid(request, key, 1588788367_000)).toBe(true);
    expect(verifySendgrid({ ...request, rawBody: request.rawBody.replace('test_event', 'bounce') }, key, 1588788367_000)).toBe(false);
  });

  it('refuses a changed body, another key, missing or changed headers', () => {
    const request = signed(SENDGRID_BODY);
    expect(verifySendgrid({ ...request, rawBody: SENDGRID_BODY.replace('gone@', 'victim@') }, dashboardKey, now)).toBe(false);
    // Parsed and serialised again: same JSON, other bytes.
    expect(verifySendgrid({ ...request, rawBody: JSON.stringify(JSON.parse(SENDGRID_BODY), null, 1) }, dashboardKey, now)).toBe(false);
    const otherKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .publicKey.export({ type: 'spki', format: 'der' })
      .toString('base64');
    expect(verifySendgrid(request, otherKey, now)).toBe(false);
    const { 'x-twilio-email-event-webhook-signature': _s, ...noSignature } = request.headers;
    const { 'x-twilio-email-event-webhook-timestamp': _t, ...noTimestamp } = request.headers;
    expect(verifySendgrid({ ...request, headers: noSignature }, dashboardKey, now)).toBe(false);
    expect(verifySendgrid({ ...request, headers: noTimestamp }, dashboardKey, now)).toBe(false);
    const later = String(Number(timestamp) + 1);
    expect(
      verifySendgrid({ ...request, headers: { ...request.headers, 'x-twilio-email-event-webhook-timestamp': later } }, dashboardKey, now),
    ).toBe(false);
    expect(verifySendgrid(request, 'not a key', now)).toBe(false);
    expect(verifySendgrid(request, '', now)).toBe(false);
    // A P-384 key is no SendGrid key, whatever it signs.
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
    const byP384 = {
      ...request,
      headers: {
        ...request.headers,
        'x-twilio-email-event-webhook-signature': sign('sha256', Buffer.from(timestamp + SENDGRID_BODY), p384.privateKey).toString(
          'base64',
        ),
      },
    };
    expect(verifySendgrid(byP384, p384.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'), now)).toBe(false);
  });

  it('accepts a timestamp up to 25 hours old (SendGrid retries for 24) and up to 5 minutes ahead', () => {
    const hour = 60 * 60 * 1000;
    const at = (ms: number) => String(Math.floor((now + ms) / 1000));
    expect(verifySendgrid(signed(SENDGRID_BODY, at(-24 * hour)), dashboardKey, now)).toBe(true);
    expect(verifySendgrid(signed(SENDGRID_BODY, at(-26 * hour)), dashboardKey, now)).toBe(false);
    expect(verifySendgrid(signed(SENDGRID_BODY, at(4 * 60 * 1000)), dashboardKey, now)).toBe(true);
    expect(verifySendgrid(signed(SENDGRID_BODY, at(10 * 60 * 1000)), dashboardKey, now)).toBe(false);
    expect(verifySendgrid(signed(SENDGRID_BODY, '1e9'), dashboardKey, now)).toBe(false);
  });

  it('reads bounces (hard by default), blocks (soft by default) and spam reports, and nothing else', () => {
    expect(sendgridEvents(JSON.parse(SENDGRID_BODY))).toEqual([
      {
        email: 'gone@example.com',
        type: 'bounce',
        bounce: 'hard',
        messageId: '<14c5d75ce93.dfd.64b469@ismtpd-555>',
        detail:
          "550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos",
      },
      {
        email: 'blocked@example.com',
        type: 'bounce',
        bounce: 'soft',
        messageId: '<14c5d75ce93.dfd.64b469@ismtpd-555>',
        detail: '554 5.7.1 Service unavailable; Client host blocked using Spamhaus',
      },
      { email: 'annoyed@example.com', type: 'complaint', messageId: '<14c5d75ce93.dfd.64b469@ismtpd-555>' },
    ]);
    // Without an enhanced code the kind SendGrid gave decides.
    const noCode = (type?: string) =>
      sendgridEvents([{ email: 'a@example.com', event: 'bounce', type, reason: '550 Requested action not taken: mailbox unavailable' }]);
    expect(noCode('bounce')[0]!.bounce).toBe('hard');
    expect(noCode(undefined)[0]!.bounce).toBe('hard');
    expect(noCode('blocked')[0]!.bounce).toBe('soft');
    expect(sendgridEvents([{ email: 'a@example.com', event: 'dropped', reason: 'Bounced Address', status: '5.0.0' }])).toEqual([]);
    expect(sendgridEvents({ event: 'bounce', email: 'a@example.com' })).toEqual([]);
    expect(sendgridEvents('[]')).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Mailgun
// ---------------------------------------------------------------------------------------------

describe('Mailgun webhooks', () => {
  const signingKey = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';
  const now = Date.now();
  const token = 'a8ce0edb2dd8301dee6c2405235584e45aa91d1e9f979f3de0';
  const signatureOf = (timestamp: string, key = signingKey) =>
    createHmac('sha256', key)
      .update(timestamp + token)
      .digest('hex');
  const webhook = (eventData: unknown, timestamp = String(Math.floor(now / 1000))) => ({
    signature: { timestamp, token, signature: signatureOf(timestamp) },
    'event-data': eventData,
  });

  // Mailgun's event examples (Events API reference), as the webhooks post them in event-data.
  const DELAYED_BOUNCE = {
    severity: 'permanent',
    timestamp: 1666214138.4046676,
    storage: { url: 'https://storage-us-east4.api.mailgun.net/v3/domains/...', region: 'us-east4', key: 'AwABB...', env: 'production' },
    'delivery-status': {
      'bounce-code': '5.1.1',
      message: 'smtp; 550-5.1.1 The email account that you tried to reach does not exist.',
      code: 550,
      description: "I'm sorry to have to inform you that your message could not be delivered to one or more recipients.",
      'enhanced-code': '5.1.1',
    },
    'log-level': 'error',
    id: 'ZDMqRgjLTDi6rQcy7K60aA',
    reason: 'generic',
    'user-variables': {},
    flags: { 'is-delayed-bounce': true },
    envelope: {},
    message: {
      headers: {
        to: 'test@test.com',
        'message-id': '20221019211537.93011d31ea99c5a8@test.com',
        from: 'Test Message <test@test.com>',
        subject: 'Testing delayed bounce',
      },
      size: 275,
    },
    recipient: 'christest123@test.com',
    event: 'failed',
  };
  const SUPPRESSED_BOUNCE = {
    event: 'failed',
    id: 'pl271FzxTTmGRW8Uj3dUWw',
    timestamp: 1529701969.818328,
    'log-level': 'error',
    severity: 'permanent',
    reason: 'suppress-bounce',
    envelope: { sender: 'john@example.org', transport: 'smtp', targets: 'joan@example.com' },
    flags: { 'is-routed': false, 'is-authenticated': true, 'is-system-test': false, 'is-test-mode': false },
    'delivery-status': {
      'attempt-no': 1,
      message: '',
      code: 605,
      description: 'Not delivering to previously bounced address',
      'session-seconds': 0.0,
    },
    message: {
      headers: {
        to: 'joan@example.com',
        'message-id': '20180622211249.1.2A6098970A380E12@example.org',
        from: 'john@example.org',
        subject: 'Test Subject',
      },
      attachments: [],
      size: 867,
    },
    recipient: 'joan@example.com',
    'recipient-domain': 'example.com',
    campaigns: [],
    tags: [],
    'user-variables': {},
  };
  const TEMPORARY = {
    severity: 'temporary',
    'delivery-status': {
      'mx-host': 'hotmail-com.olc.protection.outlook.com',
      code: 451,
      'retry-seconds': 600,
      'enhanced-code': '4.7.652',
      'attempt-no': 1,
      message: '4.7.652 The mail server [xxx.xxx.xxx.xxx] has exceeded the maximum number of connections.',
    },
    reason: 'generic',
    'log-level': 'warn',
    message: {
      headers: {
        to: 'test@test.net',
        'message-id': '20221006142837.1618e01bf42da9fa@test.com',
        from: 'test@test.com',
        subject: 'Test send',
      },
    },
    recipient: 'test@test.com',
    event: 'failed',
  };
  const COMPLAINED = {
    event: 'complained',
    id: 'ncV2XwymRUKbPek_MIM-Gw',
    timestamp: 1377214260.049634,
    'log-level': 'warn',
    recipient: 'foo@example.com',
    tags: [],
    campaigns: [],
    'user-variables': {},
    flags: { 'is-test-mode': false },
    message: {
      headers: {
        to: 'foo@example.com',
        'message-id': '20130718032413.263EE2E0926@example.com',
        from: 'John Doe <sender@example.com>',
        subject: 'This is the subject.',
      },
      attachments: [],
      size: 18937,
    },
  };

  it('verifies the HMAC-SHA256 of timestamp + token under the signing key', () => {
    expect(verifyMailgun(webhook(DELAYED_BOUNCE), signingKey, now)).toBe(true);
    expect(mailgunToken(webhook(DELAYED_BOUNCE))).toBe(token);
    const numeric = webhook(DELAYED_BOUNCE);
    expect(
      verifyMailgun({ ...numeric, signature: { ...numeric.signature, timestamp: Number(numeric.signature.timestamp) } }, signingKey, now),
    ).toBe(true);
    // A subaccount's event: the primary account's key verifies parent-signature.
    const sub = webhook(DELAYED_BOUNCE);
    const parent = {
      ...sub,
      signature: {
        ...sub.signature,
        signature: signatureOf(sub.signature.timestamp, 'key-subaccount'),
        'parent-signature': sub.signature.signature,
      },
    };
    expect(verifyMailgun(parent, signingKey, now)).toBe(true);
  });

  it('refuses another key, a changed token, timestamp or signature, a missing block, an empty key', () => {
    const body = webhook(DELAYED_BOUNCE);
    expect(verifyMailgun(body, 'key-another', now)).toBe(false);
    expect(verifyMailgun(body, '', now)).toBe(false);
    expect(verifyMailgun({ ...body, signature: { ...body.signature, token: `${token}x` } }, signingKey, now)).toBe(false);
    expect(
      verifyMailgun(
        { ...body, signature: { ...body.signature, timestamp: String(Number(body.signature.timestamp) - 1) } },
        signingKey,
        now,
      ),
    ).toBe(false);
    expect(
      verifyMailgun(
        { ...body, signature: { ...body.signature, signature: body.signature.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) } },
        signingKey,
        now,
      ),
    ).toBe(false);
    expect(verifyMailgun({ ...body, signature: { ...body.signature, signature: 'zz' } }, signingKey, now)).toBe(false);
    expect(verifyMailgun({ 'event-data': DELAYED_BOUNCE }, signingKey, now)).toBe(false);
    expect(verifyMailgun(null, signingKey, now)).toBe(false);
    expect(verifyMailgun('signature', signingKey, now)).toBe(false);
  });

  it('accepts a timestamp up to 9 hours old (Mailgun retries for 8) and up to 5 minutes ahead', () => {
    const hour = 60 * 60 * 1000;
    const at = (ms: number) => String(Math.floor((now + ms) / 1000));
    expect(verifyMailgun(webhook(DELAYED_BOUNCE, at(-8 * hour)), signingKey, now)).toBe(true);
    expect(verifyMailgun(webhook(DELAYED_BOUNCE, at(-10 * hour)), signingKey, now)).toBe(false);
    expect(verifyMailgun(webhook(DELAYED_BOUNCE, at(10 * 60 * 1000)), signingKey, now)).toBe(false);
  });

  it('does not cover event-data: only a single-use token stops a signature block from being reused', () => {
    const genuine = webhook(COMPLAINED);
    const forged = { ...genuine, 'event-data': { ...COMPLAINED, recipient: 'victim@example.com' } };
    expect(verifyMailgun(forged, signingKey, now)).toBe(true);
    expect(mailgunToken(forged)).toBe(mailgunToken(genuine));
  });

  it('reads permanent failures as bounces and complaints, ignores temporary failures', () => {
    expect(mailgunEvents(webhook(DELAYED_BOUNCE))).toEqual([
      {
        email: 'christest123@test.com',
        type: 'bounce',
        bounce: 'hard',
        messageId: '20221019211537.93011d31ea99c5a8@test.com',
        detail: 'smtp; 550-5.1.1 The email account that you tried to reach does not exist.',
      },
    ]);
    expect(mailgunEvents(webhook(SUPPRESSED_BOUNCE))).toEqual([
      {
        email: 'joan@example.com',
        type: 'bounce',
        bounce: 'hard',
        messageId: '20180622211249.1.2A6098970A380E12@example.org',
        detail: 'Not delivering to previously bounced address',
      },
    ]);
    expect(mailgunEvents(webhook(COMPLAINED))).toEqual([
      { email: 'foo@example.com', type: 'complaint', messageId: '20130718032413.263EE2E0926@example.com' },
    ]);
    expect(mailgunEvents(webhook(TEMPORARY))).toEqual([]);
    expect(mailgunEvents(webhook({ ...COMPLAINED, event: 'delivered' }))).toEqual([]);
    expect(mailgunEvents({ signature: {} })).toEqual([]);
  });

  it('classifies by the delivery status: a policy refusal is soft, an unsubscribe suppression is never hard', () => {
    const policy = {
      ...DELAYED_BOUNCE,
      'delivery-status': { code: 550, 'enhanced-code': '5.7.1', message: '5.7.1 Message rejected due to local policy', description: '' },
    };
    expect(mailgunEvents(webhook(policy))[0]!.bounce).toBe('soft');
    const unsubscribed = {
      ...SUPPRESSED_BOUNCE,
      reason: 'suppress-unsubscribe',
      'delivery-status': {
        ...SUPPRESSED_BOUNCE['delivery-status'],
        description: 'Not delivering to unsubscribed address',
        'enhanced-code': '5.1.1',
      },
    };
    expect(mailgunEvents(webhook(unsubscribed))[0]!.bounce).toBe('soft');
  });
});

// ---------------------------------------------------------------------------------------------
// Postmark
// ---------------------------------------------------------------------------------------------

describe('Postmark webhooks', () => {
  const credentials = 'enlaza:8f14e45fceea167a5a36dedd4bea2543';
  const basic = (text: string) => ({ authorization: `Basic ${Buffer.from(text).toString('base64')}`, 'content-type': 'application/json' });

  // Postmark's bounce and spam complaint webhook examples.
  // Parsed from text: the ID as published does not fit in a double (it loses precision, as anywhere JSON is read by JavaScript).
  const BOUNCE = JSON.parse(`{
    "RecordType": "Bounce",
    "MessageStream": "outbound",
    "ID": 4323372036854775807,
    "Type": "HardBounce",
    "TypeCode": 1,
    "Name": "Hard bounce",
    "Tag": "Invitation",
    "MessageID": "883953f4-6105-42a2-a16a-77a8eac79483",
    "Metadata": { "a_key": "a_value", "b_key": "b_value" },
    "ServerID": 23,
    "Description": "The server was unable to deliver your message (ex: unknown user, mailbox not found).",
    "Details": "Test bounce details",
    "Email": "john@example.com",
    "From": "sender@example.com",
    "BouncedAt": "2019-11-05T16:33:54.9070259Z",
    "DumpAvailable": true,
    "Inactive": true,
    "CanActivate": true,
    "Subject": "Test subject",
    "Content": "<Full dump of bounce>"
  }`) as Record<string, unknown>;
  const SPAM_COMPLAINT = {
    RecordType: 'SpamComplaint',
    MessageStream: 'outbound',
    ID: 42,
    Type: 'SpamComplaint',
    TypeCode: 100001,
    Name: 'Spam complaint',
    Tag: 'Test',
    MessageID: '00000000-0000-0000-0000-000000000000',
    Metadata: { a_key: 'a_value', b_key: 'b_value' },
    ServerID: 1234,
    Description: '',
    Details: 'Test spam complaint details',
    Email: 'john@example.com',
    From: 'sender@example.com',
    BouncedAt: '2019-11-05T16:33:54.9070259Z',
    DumpAvailable: true,
    Inactive: true,
    CanActivate: false,
    Subject: 'Test subject',
    Content: '<Abuse report dump>',
  };

  it('accepts the basic-auth credentials of the webhook URL, and nothing else', () => {
    expect(verifyPostmark(basic(credentials), credentials)).toBe(true);
    expect(verifyPostmark({ Authorization: basic(credentials).authorization }, credentials)).toBe(true);
    expect(verifyPostmark(basic('enlaza:wrong'), credentials)).toBe(false);
    expect(verifyPostmark(basic(`${credentials}x`), credentials)).toBe(false);
    expect(verifyPostmark(basic('enlaza'), credentials)).toBe(false);
    expect(verifyPostmark({}, credentials)).toBe(false);
    expect(verifyPostmark({ authorization: `Bearer ${credentials}` }, credentials)).toBe(false);
    expect(verifyPostmark({ authorization: [basic(credentials).authorization, basic('a:b').authorization] }, credentials)).toBe(false);
    // A configuration without a password protects nothing, so it accepts nothing.
    expect(verifyPostmark(basic('enlaza:'), 'enlaza:')).toBe(false);
    expect(verifyPostmark(basic(''), '')).toBe(false);
  });

  it("reads a hard bounce and a spam complaint, without taking Postmark's MessageID for a Message-ID", () => {
    expect(postmarkEvents(BOUNCE)).toEqual([{ email: 'john@example.com', type: 'bounce', bounce: 'hard', detail: 'Test bounce details' }]);
    expect(postmarkEvents(SPAM_COMPLAINT)).toEqual([
      { email: 'john@example.com', type: 'complaint', detail: 'Test spam complaint details' },
    ]);
    expect(postmarkEvents(BOUNCE)[0]!.messageId).toBeUndefined();
  });

  it('maps the bounce types: hard, soft, or not a bounce at all', () => {
    const kindOf = (Type: string, Details = '') => postmarkEvents({ ...BOUNCE, Type, Details })[0]?.bounce ?? null;
    expect(kindOf('HardBounce', 'smtp;550 5.1.1 The email account that you tried to reach does not exist.')).toBe('hard');
    expect(kindOf('BadEmailAddress')).toBe('hard');
    expect(kindOf('SoftBounce', 'smtp;552 5.2.2 The email account that you tried to reach is over quota.')).toBe('soft');
    expect(kindOf('SoftBounce', 'smtp;550 5.1.1 user unknown')).toBe('hard');
    for (const soft of ['Blocked', 'DMARCPolicy', 'SpamNotification', 'VirusNotification'])
      expect({ soft, kind: kindOf(soft) }).toEqual({ soft, kind: 'soft' });
    for (const ignored of [
      'Transient',
      'DnsError',
      'AutoResponder',
      'AddressChange',
      'Subscribe',
      'Unsubscribe',
      'OpenRelayTest',
      'ChallengeVerification',
      'Unconfirmed',
      'ManuallyDeactivated',
      'SMTPApiError',
      'InboundError',
      'TemplateRenderingFailed',
      'Unknown',
    ])
      expect({ ignored, kind: kindOf(ignored, 'Out of office until Monday') }).toEqual({ ignored, kind: null });
    expect(kindOf('Unknown', 'smtp;550 5.1.1 Recipient address rejected')).toBe('hard');
    expect(kindOf('Unknown', 'smtp;451 4.7.1 Try again later')).toBeNull();
  });

  it('ignores other record types and bodies without an address', () => {
    expect(postmarkEvents({ RecordType: 'Delivery', Recipient: 'john@example.com', MessageID: 'x' })).toEqual([]);
    expect(postmarkEvents({ ...BOUNCE, Email: '' })).toEqual([]);
    expect(postmarkEvents([BOUNCE])).toEqual([]);
  });
});
