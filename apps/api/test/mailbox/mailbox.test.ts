import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, messages, plans, subscriptions, users } from '../../src/db/schema/index.js';
import { csvCell } from '../../src/lib/csv.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { bearer, createTestApp, insertUser, login, queueIdle, settledDeliveries, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let mail: Mailbox;
let owner: Awaited<ReturnType<typeof insertUser>>;
let token: string;
let other: Awaited<ReturnType<typeof insertUser>>;
let otherToken: string;
let addressCounter = 0;
/** A fresh client address per call, so the per-address limit only bites where a test wants it. */
const nextAddress = () => `198.51.100.${++addressCounter}`;

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ ...mail.env, PUBLIC_URL: 'https://enlaza.example' });
  const [business] = await t.db.select().from(plans).where(eq(plans.code, 'business'));
  // New-message emails off (a new account has them on), so each test turns them on where it means to.
  owner = await insertUser(t.db, { name: 'Ana Owner', alias: `ana-mb-${Date.now() % 100000}`, notificationEmails: [] });
  other = await insertUser(t.db, { name: 'Otto Other' });
  for (const u of [owner, other])
    await t.db.insert(subscriptions).values({ userId: u.id, planId: business!.id, status: 'active', currentPeriodStart: new Date() });
  token = await login(t.app, owner);
  otherToken = await login(t.app, other);
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

async function createProfile(body: object, as = token): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/profiles', headers: bearer(as), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}
const card = (extra: object = {}) => createProfile({ kind: 'card', card: { firstName: 'Ana', lastName: 'Card' }, ...extra });
const tag = () => createProfile({ kind: 'tag', tag: { name: 'Luna', tagKind: 'pet', lostMode: true } });

/** Loads a page like a browser: the CSRF meta token and the cookie it pairs with. */
async function openPage() {
  const page = await t.app.inject({ url: '/', headers: { host: 'app.test' } });
  const csrf = /<meta name="csrf-token" content="([^"]+)">/.exec(page.body)?.[1] ?? '';
  return { csrf, cookie: String(page.headers['set-cookie']).split(';')[0]! };
}
const browser = (extra: Record<string, string> = {}) => ({
  host: 'app.test',
  origin: 'http://app.test',
  'sec-fetch-site': 'same-origin',
  ...extra,
});

const contact = (
  profileId: string,
  payload: object,
  options: { headers?: Record<string, string>; address?: string; alias?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/link/${options.alias ?? owner.alias}/${profileId}/messages`,
    payload: { name: 'Vera Visitor', email: 'vera@visitor.example', message: 'Hello there', ...payload },
    headers: options.headers ?? {},
    remoteAddress: options.address ?? nextAddress(),
  });

const stored = (profileId: string) => t.db.select().from(messages).where(eq(messages.profileId, profileId));

/** Inserts `n` messages straight into the table, all at the same instant (the keyset must break ties by id). */
async function seedMessages(profileId: string, n: number, userId = owner.id, at = new Date('2026-01-15T10:00:00.123456Z')) {
  const rows = Array.from({ length: n }, (_, i) => ({
    profileId,
    userId,
    name: `Sender ${i}`,
    email: `s${i}@example.com`,
    body: `Message number ${i}`,
    createdAt: i % 3 === 0 ? at : new Date(at.getTime() - i * 1000),
  }));
  return t.db.insert(messages).values(rows).returning({ id: messages.id });
}

describe('contact form (public)', () => {
  it('stores a browser message sent with the page’s CSRF token, with the visitor’s language', async () => {
    const id = await card();
    const { csrf, cookie } = await openPage();
    const res = await contact(
      id,
      { phone: '+34600111222', consent: true },
      { headers: browser({ cookie, 'x-csrf-token': csrf, 'accept-language': 'es-ES,es;q=0.9' }) },
    );
    expect(res.statusCode).toBe(201);
    // Consent given to a new account (double opt-in on): a confirmation email was asked for.
    expect(res.json()).toEqual({ ok: 1, data: { received: true, confirmation: true } });
    const [row] = await stored(id);
    expect(row).toMatchObject({
      userId: owner.id,
      name: 'Vera Visitor',
      email: 'vera@visitor.example',
      phone: '+34600111222',
      consent: true,
      locale: 'es',
      readAt: null,
      location: null,
    });
  });

  it('takes the message of a browser that says it comes from the page (Sec-Fetch-Site: same-origin) without a token', async () => {
    const id = await card();
    const res = await contact(
      id,
      { name: 'Fetch Metadata', email: 'fm@example.com', message: 'Hello', consent: false },
      { headers: browser() },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(id)).toHaveLength(1);
  });

  it('refuses a browser request without a valid CSRF token and stores nothing', async () => {
    const id = await card();
    const mine = await openPage();
    const theirs = await openPage();
    // A browser without Fetch Metadata (only Origin), or a sibling site's page (same-site, not same-origin), needs the token.
    const older = (extra: Record<string, string>) => ({ host: 'app.test', origin: 'http://app.test', ...extra });
    for (const headers of [
      older({ cookie: mine.cookie }),
      older({ cookie: mine.cookie, 'x-csrf-token': theirs.csrf }),
      older({ 'x-csrf-token': mine.csrf }),
      browser({ 'sec-fetch-site': 'same-site', cookie: mine.cookie }),
    ]) {
      const res = await contact(id, {}, { headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('csrf.invalid');
    }
    const cross = await contact(
      id,
      {},
      { headers: { host: 'app.test', origin: 'https://evil.example', cookie: mine.cookie, 'x-csrf-token': mine.csrf } },
    );
    expect(cross.statusCode).toBe(403);
    expect(cross.json().code).toBe('csrf.cross_site');
    expect(await stored(id)).toHaveLength(0);
  });

  it('answers a filled honeypot like a success but stores nothing and sends nothing', async () => {
    // The notice is decided when the event is handled: earlier tests' messages are handled before the owner opts in.
    await queueIdle(t.app);
    await t.db
      .update(users)
      .set({ notificationEmails: ['new_message'] })
      .where(eq(users.id, owner.id));
    try {
      const id = await card();
      const before = mail.count(owner.email);
      const res = await contact(id, { website: 'http://spam.example' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ok: 1, data: { received: true, confirmation: false } });
      expect(await stored(id)).toHaveLength(0);
      // With consent ticked, the answer a person gets from an owner who confirms consents by email (the
      // default): a bot cannot tell the honeypot by the answer; no consent and no confirmation email is kept.
      const ticked = await contact(id, { website: 'http://spam.example', consent: true, email: 'bot@spam.example' });
      expect(ticked.json()).toEqual({ ok: 1, data: { received: true, confirmation: true } });
      expect(await stored(id)).toHaveLength(0);
      expect(await t.db.select().from(deliveries).where(eq(deliveries.toEmail, 'bot@spam.example'))).toEqual([]);
      // Whatever the request set going has run once the queue is idle (an email is a job, then an SMTP exchange).
      await queueIdle(t.app);
      expect(mail.count(owner.email)).toBe(before);
    } finally {
      await t.db.update(users).set({ notificationEmails: [] }).where(eq(users.id, owner.id));
    }
  });

  it('limits one address (IPv6 by /64) to 5 messages in 10 minutes: the 6th is 429 with Retry-After and not stored', async () => {
    const id = await card();
    for (let i = 0; i < 5; i++)
      expect((await contact(id, { message: `m${i}` }, { address: `2001:db8:1:2::${i + 1}` })).statusCode).toBe(201);
    const refused = await contact(id, { message: 'one too many' }, { address: '2001:db8:1:2:ffff::9' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ ok: 0, code: 'request.throttled' });
    expect(await stored(id)).toHaveLength(5);
    // Another /64 is not concerned.
    expect((await contact(id, {}, { address: '2001:db8:1:3::1' })).statusCode).toBe(201);
  });

  it('limits one profile to 50 messages an hour from any number of addresses', async () => {
    const id = await card();
    for (let i = 0; i < 50; i++) expect((await contact(id, { message: `m${i}` })).statusCode).toBe(201);
    const refused = await contact(id, { message: 'fifty-one' });
    expect(refused.statusCode).toBe(429);
    expect(await stored(id)).toHaveLength(50);
  });

  it('refuses a profile with the contact form off (403), a private or unknown one (404), and bad input (422)', async () => {
    const off = await card({ contactForm: false });
    expect((await contact(off, {})).json()).toMatchObject({ code: 'mailbox.contact_form_off' });
    expect((await contact(off, {})).statusCode).toBe(403);
    const hidden = await card({ visibility: 'private' });
    expect((await contact(hidden, {})).statusCode).toBe(404);
    expect((await contact('00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(404);
    const open = await card();
    expect((await contact(open, {}, { alias: 'not-the-owner' })).statusCode).toBe(404);
    const bad = await contact(open, { email: 'nope', message: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['email', 'message']));
    for (const id of [off, hidden, open]) expect(await stored(id)).toHaveLength(0);
  });

  it('accepts a finder’s location for a tag only', async () => {
    const location = { lat: 40.4168, lng: -3.7038, accuracy: 12 };
    const cardId = await card();
    const refused = await contact(cardId, { location });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.location).toBeDefined();
    const tagId = await tag();
    expect((await contact(tagId, { location })).statusCode).toBe(201);
    expect((await stored(tagId))[0]?.location).toEqual(location);
  });

  it('emails the owner in their language when they asked for new-message emails, and not otherwise', async () => {
    const id = await card();
    await contact(id, { message: 'No email for this one' });
    // The notice is decided when the event is handled: let it be handled before the owner opts in.
    await queueIdle(t.app);
    await t.db
      .update(users)
      .set({ notificationEmails: ['new_message'], locale: 'es' })
      .where(eq(users.id, owner.id));
    await contact(id, { name: 'Nico Notify', message: 'Please call me <b>back</b>' });
    // (Earlier messages to the lost-mode tag were emailed too: a lost tag always emails its owner.)
    const email = await mail.next(owner.email, (m) => m.text.includes('Please call me'));
    expect(email.subject).toContain('Nuevo mensaje de Nico Notify');
    expect(email.text).toContain('Please call me <b>back</b>');
    expect(email.text).toContain(`https://enlaza.example/user/buzon/${id}`);
    expect(email.html).not.toContain('<b>back</b>');
    expect(mail.received.filter((m) => m.to.includes(owner.email) && m.text.includes('No email for this one'))).toHaveLength(0);
    await t.db.update(users).set({ notificationEmails: [], locale: null }).where(eq(users.id, owner.id));
  });
});

describe('mailbox (owner)', () => {
  const list = (profileId: string, query = '', as = token) =>
    t.app.inject({ url: `/api/mailbox/${profileId}/messages${query}`, headers: bearer(as) });

  it('pages newest first with a keyset cursor that neither repeats nor skips, even with equal timestamps', async () => {
    const id = await card();
    const ids = (await seedMessages(id, 47)).map((r) => r.id);
    const seen: string[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const res = await list(id, `?limit=10${before ? `&before=${before}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.data.map((m: { id: string }) => m.id));
      const dates = body.data.map((m: { createdAt: string }) => m.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
      before = body.meta.nextCursor;
      pages += 1;
    } while (before);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(47);
    expect(new Set(seen)).toEqual(new Set(ids));
  });

  it('refuses a forged cursor with 422', async () => {
    const id = await card();
    const forged = (createdAt: string) =>
      Buffer.from(JSON.stringify([createdAt, '00000000-0000-4000-8000-000000000000'])).toString('base64url');
    // 30 February and year 0 look like timestamps but PostgreSQL refuses them: still a 422 on `before`.
    for (const before of [
      'garbage',
      Buffer.from('["not a date","x"]').toString('base64url'),
      forged('2024-02-30 10:00:00+00'),
      forged('0000-01-01 10:00:00+00'),
    ]) {
      const res = await list(id, `?before=${before}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.before).toBeDefined();
    }
  });

  it('marks read, stars, archives, trashes and restores, with folders, counts, the unread filter and search', async () => {
    const id = await card();
    const [a, b, c, d] = (await seedMessages(id, 4)).map((r) => r.id);
    const patch = (mid: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/mailbox/messages/${mid}`, headers: bearer(token), payload });
    expect((await patch(a!, { read: true, starred: true })).json().data).toMatchObject({ read: true, starred: true, archived: false });
    expect((await patch(b!, { archived: true })).json().data).toMatchObject({ archived: true });
    expect((await patch(c!, {})).statusCode).toBe(422);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/mailbox/messages/${c}`, headers: bearer(token) });
    expect(del.json().data.deletedAt).not.toBeNull();

    const first = (await list(id, '?counts=true')).json();
    expect(first.meta.counts).toEqual({ inbox: 2, unread: 1, starred: 1, archived: 1, trash: 1 });
    expect(first.data.map((m: { id: string }) => m.id).sort()).toEqual([a, d].sort());
    const folder = async (q: string) => (await list(id, q)).json().data.map((m: { id: string }) => m.id);
    expect(await folder('?folder=starred')).toEqual([a]);
    expect(await folder('?folder=archived')).toEqual([b]);
    expect(await folder('?folder=trash')).toEqual([c]);
    expect(await folder('?unread=true')).toEqual([d]);
    expect(await folder('?search=number%203')).toEqual([d]);
    expect(await folder('?search=100%25')).toEqual([]);

    const restored = await t.app.inject({ method: 'POST', url: `/api/mailbox/messages/${c}/restore`, headers: bearer(token) });
    expect(restored.json().data.deletedAt).toBeNull();
    expect((await list(id, '?counts=true')).json().meta.counts.trash).toBe(0);
  });

  it('applies bulk actions to the profile’s own messages, all or nothing', async () => {
    const id = await card();
    const ids = (await seedMessages(id, 3)).map((r) => r.id);
    const bulk = (payload: object, profileId = id, as = token) =>
      t.app.inject({ method: 'POST', url: `/api/mailbox/${profileId}/messages/bulk`, headers: bearer(as), payload });
    expect((await bulk({ ids, action: 'read' })).json().data).toEqual({ affected: 3 });
    expect((await list(id, '?unread=true')).json().data).toHaveLength(0);
    await bulk({ ids: ids.slice(0, 2), action: 'trash' });
    expect((await list(id, '?folder=trash')).json().data).toHaveLength(2);
    await bulk({ ids: ids.slice(0, 2), action: 'restore' });
    // One message of another profile makes the whole request 404 and changes nothing.
    const elsewhere = (await seedMessages(await card(), 1))[0]!.id;
    expect((await bulk({ ids: [...ids, elsewhere], action: 'archive' })).statusCode).toBe(404);
    expect((await list(id, '?folder=archived')).json().data).toHaveLength(0);
    expect((await bulk({ ids, action: 'explode' })).statusCode).toBe(422);
  });

  it('answers 404 to another user on every owner endpoint, and changes nothing', async () => {
    const id = await card();
    const [mid] = (await seedMessages(id, 1)).map((r) => r.id);
    const theirs = { headers: bearer(otherToken) };
    const calls = [
      { method: 'GET' as const, url: `/api/mailbox/${id}/messages` },
      { method: 'GET' as const, url: `/api/mailbox/${id}/messages.csv` },
      { method: 'POST' as const, url: `/api/mailbox/${id}/messages/bulk`, payload: { ids: [mid], action: 'trash' } },
      { method: 'GET' as const, url: `/api/mailbox/messages/${mid}` },
      { method: 'PATCH' as const, url: `/api/mailbox/messages/${mid}`, payload: { starred: true } },
      { method: 'DELETE' as const, url: `/api/mailbox/messages/${mid}` },
      { method: 'POST' as const, url: `/api/mailbox/messages/${mid}/restore` },
      { method: 'POST' as const, url: `/api/mailbox/messages/${mid}/reply`, payload: { body: 'Hi' } },
    ];
    for (const call of calls) {
      const res = await t.app.inject({ ...call, ...theirs });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
      expect(res.json()).toMatchObject({ ok: 0, code: 'record.not_found' });
    }
    const [row] = await t.db.select().from(messages).where(eq(messages.id, mid!));
    expect(row).toMatchObject({ starred: false, deletedAt: null, repliedAt: null });
    expect((await t.app.inject({ url: '/api/mailbox/unread', ...theirs })).json().data.byProfile[id]).toBeUndefined();
    expect((await t.app.inject({ url: `/api/mailbox/${id}/messages` })).statusCode).toBe(401);
  });

  it('exports live messages as CSV with quotes escaped and formulas neutralised, phone numbers left as they are', async () => {
    const id = await card();
    await t.db.insert(messages).values([
      {
        profileId: id,
        userId: owner.id,
        name: '=HYPERLINK("http://evil.example","x")',
        email: 'a@example.com',
        body: 'Line "one"\nline, two',
        phone: '+34600111222',
        location: { lat: -33.5, lng: 151.2, accuracy: null },
      },
      { profileId: id, userId: owner.id, name: '@SUM(A1)', email: 'b@example.com', body: '-2+3' },
      { profileId: id, userId: owner.id, name: 'In the trash', email: 'c@example.com', body: 'gone', deletedAt: new Date() },
    ]);
    const res = await t.app.inject({ url: `/api/mailbox/${id}/messages.csv`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="enlaza-messages-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      '"date","name","email","phone","message","consent","read","starred","archived","replied_at","latitude","longitude"',
    );
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(res.body).toContain('"Line ""one""\nline, two"');
    expect(res.body).toContain(',"+34600111222",');
    expect(res.body).toContain(',-33.5,151.2\r\n');
    expect(res.body).toContain('"\'@SUM(A1)"');
    expect(res.body).toContain('"\'-2+3"');
    expect(res.body).not.toContain('In the trash');
    expect(csvCell('\t=1')).toBe('"\'\t=1"');
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('+34 699 111 222')).toBe('"+34 699 111 222"');
    expect(csvCell('+1+1')).toBe('"\'+1+1"');
    expect(csvCell('+SUM(A1)')).toBe('"\'+SUM(A1)"');
    expect(csvCell('+34-600')).toBe('"\'+34-600"');
    expect(csvCell('-34600111222')).toBe('"\'-34600111222"');
  });

  it('replies by email to the sender with the owner as Reply-To, logs a reply delivery and records repliedAt', async () => {
    const id = await card();
    const sent = await contact(
      id,
      { name: 'Rita Reply', email: 'rita@visitor.example', message: 'Do you work on Sundays?' },
      { headers: { 'accept-language': 'es' } },
    );
    expect(sent.statusCode).toBe(201);
    const [message] = await stored(id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/mailbox/messages/${message!.id}/reply`,
      headers: bearer(token),
      payload: { body: 'Yes, from 10 to 14.\n\nAna' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ read: true, repliedAt: expect.any(String) as string });
    const email = await mail.next('rita@visitor.example');
    expect(email.subject).toBe('Re: tu mensaje a Ana Card');
    expect(email.raw).toMatch(new RegExp(`^Reply-To: ${owner.email.replace(/\./g, '\\.')}`, 'mi'));
    expect(email.text).toContain('Yes, from 10 to 14.');
    expect(email.text).toContain('> Do you work on Sundays?');
    const logged = (await settledDeliveries(t.db, 'rita@visitor.example')).filter((d) => d.userId === owner.id && d.kind === 'reply');
    expect(logged).toMatchObject([{ status: 'sent', subject: 'Re: tu mensaje a Ana Card' }]);

    const custom = await t.app.inject({
      method: 'POST',
      url: `/api/mailbox/messages/${message!.id}/reply`,
      headers: bearer(token),
      payload: { subject: 'About Sundays', body: 'See you' },
    });
    expect(custom.statusCode).toBe(200);
    expect((await mail.next('rita@visitor.example')).subject).toBe('About Sundays');
    // Both replies can be read again in the message, oldest first, as they were written.
    const listed = (await t.app.inject({ url: `/api/mailbox/${id}/messages`, headers: bearer(token) }))
      .json()
      .data.find((m: { id: string }) => m.id === message!.id);
    expect(listed.replies).toEqual([
      { subject: 'Re: tu mensaje a Ana Card', body: 'Yes, from 10 to 14.\n\nAna', sentAt: expect.any(String) as string },
      { subject: 'About Sundays', body: 'See you', sentAt: expect.any(String) as string },
    ]);
    expect(custom.json().data.replies).toHaveLength(2);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/mailbox/messages/${message!.id}/reply`,
          headers: bearer(token),
          payload: { body: '' },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('refuses a reply past the monthly sends quota, sending nothing', async () => {
    const user = await insertUser(t.db); // Free plan limits: 100 sends a month
    const userToken = await login(t.app, user);
    const id = await createProfile({ kind: 'card', card: { firstName: 'Quota' } }, userToken);
    const [mid] = (await seedMessages(id, 1, user.id)).map((r) => r.id);
    await t.db.insert(deliveries).values(
      Array.from({ length: 100 }, () => ({
        userId: user.id,
        kind: 'campaign' as const,
        toEmail: 'x@example.com',
        subject: 's',
        status: 'sent' as const,
      })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/mailbox/messages/${mid}/reply`,
      headers: bearer(userToken),
      payload: { body: 'Hello' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'quota.sends', message: expect.stringContaining('100') as string });
    expect(
      await t.db
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.userId, user.id), eq(deliveries.kind, 'reply'))),
    ).toHaveLength(0);
  });

  it('counts unread messages per live profile for the navigation', async () => {
    const user = await insertUser(t.db);
    const userToken = await login(t.app, user);
    const [pro] = await t.db.select().from(plans).where(eq(plans.code, 'pro'));
    await t.db.insert(subscriptions).values({ userId: user.id, planId: pro!.id, status: 'active', currentPeriodStart: new Date() });
    const one = await createProfile({ kind: 'card', card: { firstName: 'One' } }, userToken);
    const two = await createProfile({ kind: 'tag', tag: { name: 'Two', tagKind: 'keys' } }, userToken);
    const ids = (await seedMessages(one, 3, user.id)).map((r) => r.id);
    await seedMessages(two, 2, user.id);
    await t.app.inject({ method: 'PATCH', url: `/api/mailbox/messages/${ids[0]}`, headers: bearer(userToken), payload: { read: true } });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/mailbox/messages/${ids[1]}`,
      headers: bearer(userToken),
      payload: { archived: true },
    });
    const res = await t.app.inject({ url: '/api/mailbox/unread', headers: bearer(userToken) });
    expect(res.json().data).toEqual({ total: 3, byProfile: { [one]: 1, [two]: 2 } });
  });
});
