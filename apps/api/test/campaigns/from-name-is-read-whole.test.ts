import { spawnSync } from 'node:child_process';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { buildCampaignMime, type CampaignMessage } from '../../src/modules/campaigns/mime.js';
import { senderFrom } from '../../src/modules/campaigns/sender-identity.js';

/**
 * The From header's display name, "<name> via Enlaza", as every parser reads it. Encoded words split
 * mid-word ("…via Enlaz?= =?UTF-8?Q?a?=") are joined by RFC 2047 readers but read with a space
 * between them by Python's `email` package ("via Enlaz a"): the name must only be split at spaces.
 */
const NAMES = [
  'Ana García',
  'José María Fernández-Núñez de la Peña',
  'Zoë Ångström Café Ünïcödé Ökonomie Straße',
  '山田太郎の店',
  'Ольга Петрова Фотостудия Москва Северная',
  'Ana "AG" García, Diseño & Co.',
];

function message(name: string): CampaignMessage {
  return {
    from: senderFrom('Enlaza <no-reply@enlaza.example>', name),
    to: 'reader@example.org',
    subject: 'Hi',
    html: '<p>Hi</p>',
    text: 'Hi',
    messageId: '<0b7e6c1e-8f0a-4c3e-9d55-2f1a4b6c8d90@enlaza.example>',
    unsubscribeUrl: 'https://enlaza.example/u/x',
    campaignId: '5d2c1f7e-3b4a-4c8d-9e0f-1a2b3c4d5e6f',
    ownerId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    ownerAlias: 'ana',
    domain: 'enlaza.example',
  };
}

/** The From header, unfolded. */
const fromHeader = (raw: string) => /^From: (.*(?:\r\n[ \t].*)*)/m.exec(raw)![1]!.replace(/\r\n[ \t]/g, ' ');

/** An RFC 2047 encoded word's text. */
function decodeWord(charsetWord: string): string {
  const [, kind, text] = /^=\?utf-8\?([bq])\?([^?]*)\?=$/i.exec(charsetWord)!;
  if (kind!.toLowerCase() === 'b') return Buffer.from(text!, 'base64').toString('utf8');
  const bytes = text!.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

describe('the From name', () => {
  it.each(NAMES)('is read whole by mailparser: %s', async (name) => {
    const parsed = await simpleParser(buildCampaignMime(message(name)));
    expect(parsed.from?.value).toEqual([{ name: `${name} via Enlaza`, address: 'no-reply@enlaza.example' }]);
  });

  it.each(NAMES)('is split into encoded words only at spaces, in the raw header: %s', (name) => {
    const header = fromHeader(buildCampaignMime(message(name)));
    // Two encoded words in a row (only whitespace between them, which RFC 2047 readers drop): the first
    // must end at a space of the name, so a reader that keeps a space there still reads whole words.
    const pairs = [...header.matchAll(/(=\?[^?]+\?[bq]\?[^?]*\?=)\s+(?==\?[^?]+\?[bq]\?[^?]*\?=)/gi)];
    for (const [, word] of pairs) expect(decodeWord(word!), header).toMatch(/\s$/);
  });

  // Python 3 is a test dependency (.ci/run installs Debian's python3 where it is missing).
  it.each(NAMES)('is read whole by Python’s email package: %s', (name) => {
    const script =
      'import sys, email, email.policy\n' +
      'm = email.message_from_bytes(sys.stdin.buffer.read(), policy=email.policy.default)\n' +
      'sys.stdout.write(m["From"].addresses[0].display_name)';
    const out = spawnSync('python3', ['-c', script], { input: buildCampaignMime(message(name)), encoding: 'utf8' });
    expect(out.stderr).toBe('');
    // Python reads a space between two encoded words: a name split at a space reads two spaces there, never a word cut in two.
    expect(out.stdout.replace(/ {2,}/g, ' ')).toBe(`${name} via Enlaza`);
  });
});
