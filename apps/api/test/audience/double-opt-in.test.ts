import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, deliveries, profiles } from '../../src/db/schema/index.js';
import { bearer, createTestApp, insertUser, login, testConfig, type TestContext } from '../helpers/test-app.js';

const DAY_S = 86_400;
let t: TestContext;
let addresses = 0;

beforeAll(async () => {
  t = await createTestApp({ TEST_CLOCK_ENABLED: 'true' });
});
afterAll(() => t.close());

/** A new account (double opt-in on, as every new account has it), signed in, with a card named `card`. */
async function owner(card = 'Ana Card') {
  const user = await insertUser(t.db, { name: 'Ana Owner' });
  const token = await login(t.app, user);
  const [profile] = await t.db.insert(profiles).values({ userId: user.id, kind: 'card', name: card }).returning();
  return { user, token, profile: profile! };
}
type Owner = Awaited<ReturnType<typeof owner>>;

const write = (o: Owner, email: string, consent = true, language = 'es') =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/link/${o.user.alias}/${o.profile.id}/messages`,
    payload: { name: 'Vera Visitor', email, message: 'Keep me posted', consent },
    headers: { 'accept-language': language },
    remoteAddress: `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`,
  });
const call = (o: Owner, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(o.token), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
const reached = async (o: Owner, selector: object) =>
  (await call(o, 'POST', '/api/audience/count', { profileIds: [], folderIds: [], labelIds: [], listIds: [], ...selector })).json().data
    .recipients as number;
const confirmations = (to: string) =>
  t.db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.toEmail, to), eq(deliveries.kind, 'confirmation')));
/** The confirmation link's token in the (logged, no SMTP) email to `to`: the newest one. */
async function tokenFor(to: string) {
  const sent = await confirmations(to);
  const text = sent.at(-1)?.bodyText ?? '';
  return /\/confirmar\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
}
const page = (method: 'GET' | 'POST', token: string, language = 'en') =>
  t.app.inject({ method, url: `/confirmar/${token}`, headers: { 'accept-language': language } });
const textOf = (html: string) => {
  const parts: string[] = [];
  const walk = (node: { type: string; data?: string; children?: unknown[]; name?: string }) => {
    if (node.type === 'text') parts.push(node.data ?? '');
    if (node.name === 'style' || node.name === 'title') return;
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(parseDocument(html));
  return parts.join(' ').replace(/\s+/g, ' ');
};
const proofs = async (o: Owner, email: string) =>
  (await call(o, 'GET', `/api/audience/consents?email=${encodeURIComponent(email)}`)).json().data as Record<string, string | null>[];

describe('double opt-in on a contact form', () => {
  it('keeps a ticked consent out of every audience until the emailed link is confirmed, and keeps the proof', async () => {
    const o = await owner('Ana García');
    const email = `vera-${Date.now()}@visitor.example`;
    const sent = await write(o, email);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data).toEqual({ received: true, confirmation: true });
    // The message is delivered at once, whatever the consent.
    const inbox = await call(o, 'GET', `/api/mailbox/${o.profile.id}/messages`);
    expect(inbox.json().data.map((m: { email: string }) => m.email)).toEqual([email]);
    // Waiting: in the visitors list as such, reached by no campaign.
    expect(await reached(o, { profileIds: [o.profile.id] })).toBe(0);
    const visitors = (await call(o, 'GET', '/api/audience/visitors')).json().data;
    expect(visitors).toMatchObject([{ email, pending: true }]);
    const sources = (await call(o, 'GET', '/api/audience/sources')).json().data;
    expect(sources.profiles.find((p: { id: string }) => p.id === o.profile.id).contacts).toBe(0);

    // One confirmation email, in the page's language (Spanish), naming the owner, counted as a send, its body not kept for the owner to read.
    const [confirmation] = await confirmations(email);
    expect(confirmation?.subject).toBe('Confirma que quieres recibir noticias de Ana Owner');
    expect(confirmation?.userId).toBe(o.user.id);
    const token = await tokenFor(email);
    expect(token).not.toBe('');
    const listed = (await call(o, 'GET', '/api/comunicaciones?kind=confirmation')).json().data;
    expect(listed).toMatchObject([{ kind: 'confirmation', toEmail: email, hasBody: false }]);
    expect((await call(o, 'GET', '/api/envio/data')).json().used).toBe(1);

    // Opening the link changes nothing (mail scanners open links): a page in Spanish with one button.
    const shown = await page('GET', token);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<html lang="es">');
    expect(textOf(shown.body)).toContain('Confirma que v••••••@visitor.example quiere recibir correos de Ana Owner.');
    expect(shown.body).toContain('<form method="post">');
    expect(await reached(o, { profileIds: [o.profile.id] })).toBe(0);

    // The button confirms: the thanks page, and every campaign to the card reaches the visitor.
    const confirmed = await page('POST', token);
    expect(confirmed.statusCode).toBe(200);
    expect(textOf(confirmed.body)).toContain('Gracias, ya estás suscrito');
    expect(await reached(o, { profileIds: [o.profile.id] })).toBe(1);
    expect((await call(o, 'GET', '/api/audience/visitors')).json().data).toMatchObject([{ email, pending: false }]);
    // Opened again: already confirmed.
    expect(textOf((await page('GET', token)).body)).toContain('Ya confirmado');

    // The proof: when, the exact words shown (and their version), the page, the language, the confirmation.
    const [proof] = await proofs(o, email);
    const words = 'Acepto recibir comunicaciones de Ana García';
    expect(proof).toMatchObject({
      email,
      source: 'form',
      method: 'double',
      state: 'confirmed',
      text: words,
      textVersion: createHash('sha256').update(words).digest('hex').slice(0, 16),
      locale: 'es',
      origin: `${testConfig().publicUrl}/link/${o.user.alias}/${o.profile.id}`,
    });
    expect(proof?.confirmationSentAt).not.toBeNull();
    expect(Date.parse(proof!.confirmedAt!)).toBeGreaterThanOrEqual(Date.parse(proof!.confirmationSentAt!));

    // The same address writes again: confirmed before, so it counts at once and no second email goes.
    expect((await write(o, email)).json().data.confirmation).toBe(true);
    expect(await confirmations(email)).toHaveLength(1);
    expect((await proofs(o, email)).map((p) => [p.method, p.state])).toEqual([
      ['earlier', 'confirmed'],
      ['double', 'confirmed'],
    ]);
  });

  it('takes one tick as enough when the owner turns double opt-in off, and a message without consent records none', async () => {
    const o = await owner();
    const saved = await call(o, 'PUT', '/api/audience/consent', {
      doubleOptIn: false,
      subject: null,
      body: null,
      thanks: null,
      pendingDays: 30,
    });
    expect(saved.statusCode).toBe(200);
    const email = `single-${Date.now()}@visitor.example`;
    expect((await write(o, email)).json().data.confirmation).toBe(false);
    expect(await reached(o, { profileIds: [o.profile.id] })).toBe(1);
    expect(await confirmations(email)).toHaveLength(0);
    expect(await proofs(o, email)).toMatchObject([{ method: 'single', state: 'confirmed' }]);

    const silent = `silent-${Date.now()}@visitor.example`;
    expect((await write(o, silent, false)).json().data.confirmation).toBe(false);
    expect(await proofs(o, silent)).toEqual([]);
  });

  it('mails one confirmation a day for an address that writes twice, and its one link confirms both consents', async () => {
    const o = await owner();
    const email = `twice-${Date.now()}@visitor.example`;
    await write(o, email);
    await write(o, email);
    expect(await confirmations(email)).toHaveLength(1);
    await page('POST', await tokenFor(email));
    expect((await proofs(o, email)).map((p) => p.state)).toEqual(['confirmed', 'confirmed']);
  });

  it('sends the owner’s own texts with the name filled in, and shows their thanks', async () => {
    const o = await owner();
    const texts = { subject: 'Una cosa más, {{nombre}}', body: 'Confirma y te envío mis ofertas.', thanks: '¡Hecho! Nos vemos pronto.' };
    expect((await call(o, 'PUT', '/api/audience/consent', { doubleOptIn: true, pendingDays: 30, ...texts })).statusCode).toBe(200);
    const email = `own-${Date.now()}@visitor.example`;
    await write(o, email, true, 'en');
    const [sent] = await confirmations(email);
    expect(sent?.subject).toBe('Una cosa más, Ana Owner');
    expect(sent?.bodyText).toContain('Confirma y te envío mis ofertas.');
    // The button and what ignoring it means stay in the visitor's language.
    expect(sent?.bodyText).toContain('Yes, keep me informed: ');
    expect(sent?.bodyText).toContain('The link works for 30 days.');
    expect(textOf((await page('POST', await tokenFor(email))).body)).toContain('¡Hecho! Nos vemos pronto.');
  });

  it('lets a consent wait only the owner’s days by the product’s clock: then the link is expired and the purge ends it', async () => {
    const o = await owner();
    await call(o, 'PUT', '/api/audience/consent', { doubleOptIn: true, subject: null, body: null, thanks: null, pendingDays: 2 });
    const email = `late-${Date.now()}@visitor.example`;
    await write(o, email, true, 'en');
    const token = await tokenFor(email);
    expect((await confirmations(email))[0]?.bodyText).toContain('The link works for 2 days.');
    await t.app.platform.clock.advance(3 * DAY_S);
    const late = await page('GET', token);
    expect(late.statusCode).toBe(410);
    expect(textOf(late.body)).toContain('This link has expired');
    expect((await page('POST', token)).statusCode).toBe(410);
    expect(await reached(o, { profileIds: [o.profile.id] })).toBe(0);
    const purged = await t.app.consents.purgeExpired();
    expect(purged.expired).toBeGreaterThanOrEqual(1);
    expect(await proofs(o, email)).toMatchObject([{ state: 'expired', confirmedAt: null }]);
    // The message itself stays in the mailbox.
    expect((await call(o, 'GET', `/api/mailbox/${o.profile.id}/messages`)).json().data).toHaveLength(1);
  });

  it('answers an unknown or malformed link with a page that says so (404), in the reader’s language', async () => {
    for (const token of ['x'.repeat(43), 'not a token', 'a'.repeat(99)]) {
      const shown = await page('GET', encodeURIComponent(token), 'jp');
      expect(shown.statusCode).toBe(404);
      expect(shown.body).toContain('<html lang="ja">');
      expect(textOf(shown.body)).toContain('無効なリンクです');
      expect((await page('POST', encodeURIComponent(token))).statusCode).toBe(404);
    }
  });
});

describe('double opt-in on an import', () => {
  const csv = (emails: string[]) => ['email,name', ...emails.map((e, i) => `${e},Person ${i}`)].join('\n');
  const importCsv = (o: Owner, emails: string[], confirm: boolean) =>
    call(o, 'POST', '/api/audience/lists/import', {
      csv: csv(emails),
      name: 'Fair leads',
      hasHeader: true,
      emailColumn: 0,
      nameColumn: 1,
      consent: true,
      confirm,
    });

  it('asks each new contact to confirm; the list reaches only those who did, and the purge removes the rest', async () => {
    const o = await owner();
    const stamp = Date.now();
    const emails = [`a-${stamp}@lead.example`, `b-${stamp}@lead.example`];
    const imported = await importCsv(o, emails, true);
    expect(imported.statusCode).toBe(201);
    expect(imported.json().data).toMatchObject({ imported: 2, confirmationsSent: 2 });
    const listId = imported.json().data.list.id as string;
    expect(await reached(o, { listIds: [listId] })).toBe(0);
    const page1 = (await call(o, 'GET', `/api/audience/lists/${listId}/contacts`)).json().data;
    expect(page1.map((c: { pending: boolean }) => c.pending)).toEqual([true, true]);
    // In the owner's language (the contacts' is not known), one each.
    expect((await confirmations(emails[0]!))[0]?.subject).toBe('Confirm that you want to hear from Ana Owner');

    await page('POST', await tokenFor(emails[0]!));
    expect(await reached(o, { listIds: [listId] })).toBe(1);
    const [proof] = await proofs(o, emails[0]!);
    expect(proof).toMatchObject({ source: 'import', origin: 'Fair leads', method: 'double', state: 'confirmed', locale: 'en' });
    expect(proof?.text).toContain('Fair leads');

    await t.app.platform.clock.advance(31 * DAY_S);
    await t.app.consents.purgeExpired();
    const after = (await call(o, 'GET', `/api/audience/lists/${listId}/contacts`)).json().data;
    expect(after.map((c: { email: string; pending: boolean }) => [c.email, c.pending])).toEqual([[emails[0], false]]);
  });

  it('takes the owner’s word when no confirmation is asked (a proof of kind single), and refuses an import whose confirmations the month’s sends cannot cover', async () => {
    const o = await owner();
    const stamp = Date.now();
    const plain = await importCsv(o, [`c-${stamp}@lead.example`], false);
    expect(plain.json().data.confirmationsSent).toBe(0);
    expect(await reached(o, { listIds: [plain.json().data.list.id] })).toBe(1);
    expect(await proofs(o, `c-${stamp}@lead.example`)).toMatchObject([{ source: 'import', method: 'single', state: 'confirmed' }]);

    const quota = (await call(o, 'GET', '/api/envio/data')).json<{ limit: number; used: number }>();
    const many = Array.from({ length: quota.limit - quota.used + 1 }, (_, i) => `many-${i}-${stamp}@lead.example`);
    const refused = await importCsv(o, many, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('quota.sends');
    expect((await call(o, 'GET', '/api/audience/lists')).json().data).toHaveLength(1);
    expect(await t.db.select().from(consents).where(eq(consents.email, many[0]!))).toEqual([]);
  });
});

describe('consent settings', () => {
  it('are on by default with the defaults in the reader’s language, refuse bad values with translated errors, and are each owner’s own', async () => {
    const o = await owner();
    const fresh = (await call(o, 'GET', '/api/audience/consent')).json().data;
    expect(fresh).toMatchObject({ doubleOptIn: true, subject: null, pendingDays: 30 });
    expect(fresh.defaults.subject).toBe('Confirm that you want to hear from Ana Owner');
    for (const [field, value] of [
      ['pendingDays', 0],
      ['pendingDays', 91],
      ['subject', 'x'.repeat(151)],
      ['thanks', 'x'.repeat(1001)],
    ] as const) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/audience/consent',
        headers: { ...bearer(o.token), 'accept-language': 'es' },
        payload: { doubleOptIn: true, subject: null, body: null, thanks: null, pendingDays: 30, [field]: value },
      });
      expect(bad.statusCode, field).toBe(422);
      expect(Object.keys(bad.json().errors), field).toEqual([field]);
      expect(bad.json().message).not.toMatch(/^validation\./);
    }
    const other = await owner();
    await call(other, 'PUT', '/api/audience/consent', { doubleOptIn: false, subject: 'Mine', body: null, thanks: null, pendingDays: 5 });
    expect((await call(o, 'GET', '/api/audience/consent')).json().data).toMatchObject({
      doubleOptIn: true,
      subject: null,
      pendingDays: 30,
    });
    // Another owner's proofs are not this owner's: none for the address.
    expect(await proofs(o, 'anyone@visitor.example')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/audience/consent' })).statusCode).toBe(401);
  });
});
