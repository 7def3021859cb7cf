import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseReport } from '../../src/modules/campaigns/feedback/bounce-reports.js';
import type { FeedbackEvent } from '../../src/modules/campaigns/feedback/events.js';

// The fixtures are real-world report formats (RFC 3464 appendix D, Postfix, Exim, Google, sendmail,
// RFC 6533, RFC 5965 appendix B, an Exchange auto-reply); test/fixtures/bounce-reports/README.md
// says where each one comes from and what was changed. They are stored with LF line ends and are
// also read with CRLF, as SMTP delivers them.

const FIXTURES = fileURLToPath(new URL('../fixtures/bounce-reports/', import.meta.url));
const fixture = (name: string) => readFileSync(FIXTURES + name);
const id = (uuid: string) => `<${uuid}@mail.example.com>`;

const bounce = (email: string, kind: 'hard' | 'soft', messageId: string | undefined, detail: string): FeedbackEvent => ({
  email,
  type: 'bounce',
  bounce: kind,
  ...(messageId ? { messageId } : {}),
  detail,
});

const EXPECTED: [file: string, story: string, events: FeedbackEvent[]][] = [
  [
    'rfc3464-d1-simple.eml',
    'a failure after days of timeouts (4.0.0): soft',
    [bounce('louisl@larry.slip.umd.edu', 'soft', id('3f0c2b8e-5d4a-4c71-9e26-8a1b7c4d2e01'), '426 connection timed out')],
  ],
  [
    'rfc3464-d2-multiple.eml',
    'two failures around a delayed recipient, one diagnostic folded over two lines',
    [
      bounce(
        'arathib@vnet.ibm.com',
        'soft',
        id('6a9e1f37-0b2c-4d58-8f3a-2c7e9b1d4f02'),
        "550 'arathib@vnet.IBM.COM' is not a registered gateway user",
      ),
      bounce('wsnell@sdcc13.ucsd.edu', 'soft', id('6a9e1f37-0b2c-4d58-8f3a-2c7e9b1d4f02'), '550 user unknown'),
    ],
  ],
  ['rfc3464-d3-unknown-address.eml', 'a failed recipient that is no address (`unknown; nair_s`): nothing', []],
  [
    'sendmail-three-recipients.eml',
    'failed 5.1.1 → hard, failed 5.2.2 → soft, delayed → nothing',
    [
      bounce('ada@example.org', 'hard', id('9b2d4e61-7c3f-4a85-b0d1-5e8f2a6c3d03'), '550 5.1.1 <ada@example.org>... User unknown'),
      bounce('bo@example.org', 'soft', id('9b2d4e61-7c3f-4a85-b0d1-5e8f2a6c3d03'), '552 5.2.2 <bo@example.org>... Mailbox full'),
    ],
  ],
  [
    'postfix-user-unknown.eml',
    'Postfix returning the whole message: unknown user, hard',
    [
      bounce(
        'ada@example.org',
        'hard',
        id('c41e7a90-2f6b-4d3c-a857-1b9e0d2f6a04'),
        '550 5.1.1 <ada@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
      ),
    ],
  ],
  [
    'postfix-over-quota-headers.eml',
    'Postfix returning the headers only: over quota without an enhanced code, soft',
    [bounce('bo@example.net', 'soft', id('e7d35b12-9a4c-4f60-8b2e-3c1d7f9a0b05'), '552 <bo@example.net> rejected: over quota')],
  ],
  ['postfix-delayed.eml', 'a Postfix delay warning (still being retried): nothing', []],
  [
    'exim-generic-status.eml',
    'Exim’s fixed Status 5.0.0: the 5.1.1 of the diagnostic decides, hard',
    [
      bounce(
        'bruno@example.net',
        'hard',
        id('5c2a9e84-1d3f-4b67-a0e9-7f4b2c8d5e07'),
        '550 5.1.1 <bruno@example.net>: Recipient address rejected: User unknown in virtual mailbox table',
      ),
    ],
  ],
  [
    'gmail-address-not-found.eml',
    'Google’s "Address not found": Status 5.0.0, the remote’s `#5.1.0` decides, hard',
    [bounce('carla@example.de', 'hard', id('8e4b1d56-3a7c-4e92-b1f0-9d6c3a2e7f08'), '550 #5.1.0 Address rejected.')],
  ],
  [
    'global-dsn-rfc6533.eml',
    'an internationalised DSN (message/global-delivery-status, utf-8 address, global headers)',
    [
      bounce(
        'josé@example.org',
        'hard',
        id('2b7f9c45-6e1a-4d83-9a2c-0f5e8b4d1a09'),
        '550 5.1.1 <josé@example.org>: Recipient address rejected: User unknown',
      ),
    ],
  ],
  [
    'arf-rfc5965.eml',
    'an abuse feedback report: a complaint of the returned message’s recipient',
    [
      {
        email: 'dora@example.com',
        type: 'complaint',
        messageId: id('4a6c8e10-9b3d-4f25-8e7a-1c0d2b5f3e10'),
        detail: 'Feedback-Type: abuse (SomeGenerator/1.0)',
      },
    ],
  ],
  ['out-of-office.eml', 'an auto-reply quoting our Message-ID: nothing', []],
];

const crlf = (raw: Buffer) => Buffer.from(raw.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1');

/** A minimal delivery status report: the given delivery-status body, and the returned headers. */
const dsn = (status: string, returned = 'Message-ID: <m1@mail.example.com>\nTo: someone@example.org\n') =>
  [
    'From: MAILER-DAEMON@mx.example.org',
    'To: bounces@mail.example.com',
    'Subject: Returned mail',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
    '',
    '--b',
    'Content-Type: message/delivery-status',
    '',
    status.trim(),
    '',
    '--b',
    'Content-Type: text/rfc822-headers',
    '',
    returned,
    '--b--',
    '',
  ]
    .join('\n')
    .replace(/\r?\n/g, '\r\n');

const oneRecipient = (fields: string) => dsn(`Reporting-MTA: dns; mx.example.org\n\n${fields}`);

describe('a received report, read into feedback events', () => {
  it('covers every fixture in the folder', () => {
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.eml'));
    expect(files.sort()).toEqual(EXPECTED.map(([file]) => file).sort());
  });

  it.each(EXPECTED)('%s: %s', async (file, _story, events) => {
    expect(await parseReport(fixture(file))).toEqual(events);
    expect(await parseReport(crlf(fixture(file)))).toEqual(events);
    expect(await parseReport(fixture(file).toString('utf8'))).toEqual(events);
  });

  it('reads the bounce kind from Status, or from the Diagnostic-Code when Status is only generic (X.0.0)', async () => {
    const kind = async (status: string, diagnostic?: string) => {
      const fields = ['Final-Recipient: rfc822; ada@example.org', 'Action: failed', status, diagnostic && `Diagnostic-Code: ${diagnostic}`];
      const [event] = await parseReport(oneRecipient(fields.filter(Boolean).join('\n')));
      return [event?.bounce, event?.detail];
    };
    expect(await kind('Status: 5.0.0', 'smtp; 550 5.1.1 user unknown')).toEqual(['hard', '550 5.1.1 user unknown']);
    expect(await kind('Status: 5.0.0', 'smtp; 552 5.2.2 mailbox full')).toEqual(['soft', '552 5.2.2 mailbox full']);
    expect(await kind('Status: 5.0.0', 'smtp; 550-5.2.1 The account is disabled')).toEqual(['hard', '550-5.2.1 The account is disabled']);
    // A specific Status is the reporter's own reading: it wins over the diagnostic.
    expect(await kind('Status: 5.1.1', 'smtp; 554 5.7.1 rejected by policy')).toEqual(['hard', '554 5.7.1 rejected by policy']);
    expect(await kind('Status: 5.7.1', 'smtp; 550 5.1.1 user unknown')).toEqual(['soft', '550 5.1.1 user unknown']);
    // No code anywhere: soft. No diagnostic: the status is the detail.
    expect(await kind('Status: 5.0.0', 'smtp; 550 user unknown')).toEqual(['soft', '550 user unknown']);
    expect(await kind('Status: 5.0.0 (permanent failure)')).toEqual(['soft', '5.0.0 (permanent failure)']);
    expect(await kind('Status: 4.4.7', 'smtp; 450 4.2.0 mailbox busy, giving up')).toEqual(['soft', '450 4.2.0 mailbox busy, giving up']);
    // Without a Status at all, the diagnostic alone.
    expect(await kind('', 'smtp; 550 5.1.1 user unknown')).toEqual(['hard', '550 5.1.1 user unknown']);
  });

  it('gives a bounce only for `failed`: delayed, delivered, relayed and expanded recipients are no bounce', async () => {
    const action = async (value: string) =>
      (await parseReport(oneRecipient(`Final-Recipient: rfc822; ada@example.org\nAction: ${value}\nStatus: 5.1.1`))).length;
    expect(await action('failed')).toBe(1);
    expect(await action('Failed')).toBe(1);
    for (const value of ['delayed', 'delivered', 'relayed', 'expanded', 'Delayed', 'failedx', ''])
      expect({ value, events: await action(value) }).toEqual({ value, events: 0 });
  });

  it('reads the recipient in the forms reporters write it, and skips one that is no address', async () => {
    const email = async (fields: string) => (await parseReport(oneRecipient(`${fields}\nAction: failed\nStatus: 5.1.1`)))[0]?.email;
    expect(await email('Final-Recipient: rfc822;<Ada@Example.org>')).toBe('Ada@Example.org');
    expect(await email('Final-Recipient: RFC822; ada@example.org (Ada)')).toBe('ada@example.org');
    expect(await email('Final-Recipient: utf-8; jos\\x{E9}@example.org')).toBe('josé@example.org');
    expect(await email('Original-Recipient: rfc822;ada@example.org')).toBe('ada@example.org');
    // Forwarded, then failed: the address we sent to, which is the one our rows hold.
    expect(await email('Final-Recipient: rfc822; forwarded@example.net\nOriginal-Recipient: rfc822;ada@example.org')).toBe(
      'ada@example.org',
    );
    expect(await email('Final-Recipient: rfc822;/var/spool/mail/ada')).toBeUndefined();
    expect(await email('Final-Recipient: x400; c=FR;a=atlas;p=ex;s=Ada')).toBeUndefined();
  });

  it('reads a report without a per-message group, and folded lines (space or tab) as one field', async () => {
    const events = await parseReport(
      dsn('Final-Recipient: rfc822; ada@example.org\nAction: failed\nStatus: 5.0.0\nDiagnostic-Code: smtp; 550\n\t5.1.1 no such\n  user'),
    );
    expect(events).toEqual([bounce('ada@example.org', 'hard', '<m1@mail.example.com>', '550 5.1.1 no such user')]);
  });

  it('gives no Message-ID when the report returns no message, and cuts a long detail to 300 characters', async () => {
    const raw = oneRecipient(
      `Final-Recipient: rfc822; ada@example.org\nAction: failed\nStatus: 5.1.1\nDiagnostic-Code: smtp; ${'x'.repeat(400)}`,
    ).replace(/--b\r\nContent-Type: text\/rfc822-headers[\s\S]*?(?=--b--)/, '');
    const [event] = await parseReport(raw);
    expect(event).toEqual({ email: 'ada@example.org', type: 'bounce', bounce: 'hard', detail: 'x'.repeat(300) });
  });

  describe('a feedback report (ARF)', () => {
    const arf = fixture('arf-rfc5965.eml').toString('utf8');
    const complaint = (raw: string) => parseReport(raw);

    it('is a complaint for abuse and fraud, and nothing for not-spam, virus, other or auth-failure', async () => {
      for (const type of ['abuse', 'fraud', 'Abuse'])
        expect(await complaint(arf.replace('Feedback-Type: abuse', `Feedback-Type: ${type}`))).toMatchObject([{ type: 'complaint' }]);
      for (const type of ['not-spam', 'virus', 'other', 'auth-failure', ''])
        expect({ type, events: await complaint(arf.replace('Feedback-Type: abuse', `Feedback-Type: ${type}`)) }).toEqual({
          type,
          events: [],
        });
      expect(await complaint(arf.replace('Feedback-Type: abuse\n', ''))).toEqual([]);
    });

    it('names the returned message’s recipient, or else the report’s Original-Rcpt-To, or no one', async () => {
      const elsewhere = arf.replace('Original-Rcpt-To: <dora@example.com>', 'Original-Rcpt-To: <other@example.com>');
      expect(await complaint(elsewhere)).toMatchObject([{ email: 'dora@example.com' }]);
      const noTo = elsewhere.replace('To: Dora <dora@example.com>\n', '');
      expect(await complaint(noTo)).toMatchObject([{ email: 'other@example.com', messageId: id('4a6c8e10-9b3d-4f25-8e7a-1c0d2b5f3e10') }]);
      const redacted = elsewhere.replace('To: Dora <dora@example.com>', 'To: <Undisclosed Recipients>');
      expect(await complaint(redacted)).toMatchObject([{ email: 'other@example.com' }]);
      expect(await complaint(noTo.replace('Original-Rcpt-To: <other@example.com>\n', ''))).toEqual([]);
    });
  });

  it('gives nothing, and never throws, for what is no report', async () => {
    const human = 'From: Ada <ada@example.org>\r\nTo: news@mail.example.com\r\nSubject: Re: Our news\r\n\r\nThanks, great news!\r\n';
    const notReport = dsn('Final-Recipient: rfc822; ada@example.org\nAction: failed\nStatus: 5.1.1').replace(
      'multipart/report; report-type=delivery-status',
      'multipart/mixed',
    );
    const readReceipt = dsn('Final-Recipient: rfc822; ada@example.org\nAction: failed\nStatus: 5.1.1')
      .replace('report-type=delivery-status', 'report-type=disposition-notification')
      .replace('Content-Type: message/delivery-status', 'Content-Type: message/disposition-notification');
    const postfix = fixture('postfix-user-unknown.eml');
    const bytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    const inputs: [string, Buffer | string][] = [
      ['empty', ''],
      ['garbage bytes', bytes],
      ['garbage after report headers', Buffer.concat([postfix.subarray(0, 700), bytes])],
      ['a human answer', human],
      ['a delivery-status part outside a report', notReport],
      ['a read receipt', readReceipt],
      ['a report without boundary', 'Content-Type: multipart/report; report-type=delivery-status\r\n\r\nAction: failed\r\n'],
      ['a report with no recipient group', dsn('Reporting-MTA: dns; mx.example.org')],
      ['an empty delivery-status part', dsn('')],
      // mailparser rejects these (its 1 MB header and 1000 part limits).
      ['a header block over 1 MB', `Content-Type: multipart/report; boundary=b\r\nX-Padding: ${'x'.repeat(1_100_000)}\r\n\r\n--b--\r\n`],
      [
        'over a thousand parts',
        dsn('Final-Recipient: rfc822; ada@example.org\nAction: failed').replace('--b--', '--b\r\n\r\n'.repeat(1100) + '--b--'),
      ],
    ];
    for (const [what, raw] of inputs) expect({ what, events: await parseReport(raw) }).toEqual({ what, events: [] });
    // A report cut short still says what it got to say, and nothing throws on any cut.
    for (let end = 0; end < postfix.length; end += 97) await expect(parseReport(postfix.subarray(0, end))).resolves.toBeInstanceOf(Array);
  });
});

/** Python's email package (policy.default) reads every fixture: its defects per part and per header, its media type. */
function pythonReading(files: string[]): Record<string, { type: string; defects: string[]; headerDefects: string[] }> | null {
  const script = [
    'import sys, json, email, email.policy',
    'out = {}',
    'for path in sys.argv[1:]:',
    '    data = open(path, "rb").read()',
    '    msg = email.message_from_bytes(data, policy=email.policy.default)',
    '    parts = list(msg.walk())',
    '    defects = [type(d).__name__ for p in parts for d in p.defects]',
    '    headers = [f"{k}: {type(d).__name__}" for p in parts for k, v in p.items() for d in getattr(v, "defects", [])]',
    '    out[path] = {"type": msg.get_content_type(), "defects": defects, "headerDefects": headers if data.isascii() else []}',
    'print(json.dumps(out))',
  ].join('\n');
  const run = spawnSync('python3', ['-c', script, ...files.map((f) => FIXTURES + f)]);
  if (run.error || run.status !== 0) return null;
  const byPath = JSON.parse(run.stdout.toString()) as Record<string, { type: string; defects: string[]; headerDefects: string[] }>;
  return Object.fromEntries(files.map((f) => [f, byPath[FIXTURES + f]!]));
}

const python = spawnSync('python3', ['--version']).status === 0;

describe('the fixtures themselves', () => {
  it.skipIf(!python)('are well-formed MIME to an independent parser (Python’s email package)', () => {
    const files = EXPECTED.map(([file]) => file);
    const reading = pythonReading(files)!;
    for (const file of files) {
      const expected = {
        type: file === 'out-of-office.eml' ? 'text/plain' : 'multipart/report',
        defects: [],
        // Python reads RFC 6532 8-bit (UTF-8) headers as undecodable bytes: header defects are read in 7-bit fixtures only.
        headerDefects: [],
      };
      expect({ file, ...reading[file] }).toEqual({ file, ...expected });
    }
  });
});
