import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../src/db/schema/index.js';
import { queueEmails } from '../helpers/jobs.js';
import { bearer, createTestApp, insertUser, login, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
let owner: Awaited<ReturnType<typeof insertUser>>;
let other: Awaited<ReturnType<typeof insertUser>>;
let token: string;
let otherToken: string;

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  owner = await insertUser(t.db, { name: 'Ana Owner' });
  other = await insertUser(t.db, { name: 'Otto Other' });
  token = await login(t.app, owner);
  otherToken = await login(t.app, other);
  await t.db.insert(deliveries).values([
    {
      userId: owner.id,
      kind: 'campaign',
      toEmail: 'one@example.com',
      subject: 'Spring news',
      status: 'sent',
      createdAt: at('2026-03-01T10:00:00Z'),
      sentAt: at('2026-03-01T10:00:05Z'),
      bodyHtml: '<p>Hello one</p>',
      bodyText: 'Hello one',
    },
    {
      userId: owner.id,
      kind: 'campaign',
      toEmail: 'two@example.com',
      subject: 'Spring news',
      status: 'bounced',
      error: '550 no such user',
      createdAt: at('2026-03-01T10:00:00Z'),
      bodyHtml: '<p>Hello two</p>',
      bodyText: 'Hello two',
    },
    {
      userId: owner.id,
      kind: 'reply',
      toEmail: 'vera@visitor.example',
      subject: 'Re: your message',
      status: 'sent',
      createdAt: at('2026-03-05T09:00:00Z'),
      bodyHtml: '<p>Thanks</p>',
      bodyText: 'Thanks',
    },
    {
      userId: owner.id,
      kind: 'test',
      toEmail: 'ana@owner.example',
      subject: '=1+2 test',
      status: 'failed',
      error: 'connection refused',
      createdAt: at('2026-03-10T09:00:00Z'),
      bodyHtml: '<p>Test</p>',
      bodyText: 'Test',
    },
    {
      userId: owner.id,
      kind: 'system',
      toEmail: 'ana@owner.example',
      subject: 'Verify your email',
      status: 'sent',
      createdAt: at('2026-02-01T09:00:00Z'),
      bodyText: 'secret link https://x/verify/abc',
    },
    {
      userId: other.id,
      kind: 'reply',
      toEmail: 'someone@example.com',
      subject: 'Not yours',
      status: 'sent',
      createdAt: at('2026-03-06T09:00:00Z'),
    },
  ]);
});
afterAll(async () => {
  await t.close();
});

type Page = {
  data: { id: string; kind: string; toEmail: string; subject: string; status: string; error: string | null; hasBody: boolean }[];
  meta: { nextCursor: string | null };
};
const list = async (query = '', as = token) => {
  const res = await t.app.inject({ url: `/api/comunicaciones${query}`, headers: bearer(as) });
  expect(res.statusCode).toBe(200);
  return res.json<Page>();
};

describe('Comunicaciones', () => {
  it('lists only my deliveries, newest first, with every filter', async () => {
    const all = await list();
    const order = all.data.map((d) => d.toEmail);
    // The two campaign emails share their time: the id decides between them.
    expect([...order.slice(0, 2), ...order.slice(2, 4).sort(), order[4]]).toEqual([
      'ana@owner.example',
      'vera@visitor.example',
      'one@example.com',
      'two@example.com',
      'ana@owner.example',
    ]);
    expect(all.data.find((d) => d.kind === 'system')?.hasBody).toBe(false);
    expect(all.data.find((d) => d.kind === 'reply')?.hasBody).toBe(true);
    expect((await list('?kind=campaign')).data.map((d) => d.toEmail).sort()).toEqual(['one@example.com', 'two@example.com']);
    expect((await list('?status=bounced')).data).toMatchObject([{ toEmail: 'two@example.com', error: '550 no such user' }]);
    expect((await list('?recipient=VISITOR')).data.map((d) => d.kind)).toEqual(['reply']);
    const range = await list(`?from=${encodeURIComponent('2026-03-01T00:00:00Z')}&to=${encodeURIComponent('2026-03-06T00:00:00+00:00')}`);
    expect(range.data.map((d) => d.toEmail).sort()).toEqual(['one@example.com', 'two@example.com', 'vera@visitor.example']);
    expect((await list('', otherToken)).data.map((d) => d.subject)).toEqual(['Not yours']);
  });

  it('pages with a keyset cursor without skipping rows that share a time', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((d) => d.id));
      cursor = page.meta.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect((await t.app.inject({ url: '/api/comunicaciones?cursor=nonsense', headers: bearer(token) })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/comunicaciones?status=lost', headers: bearer(token) })).statusCode).toBe(422);
    expect((await t.app.inject({ url: '/api/comunicaciones?from=yesterday', headers: bearer(token) })).statusCode).toBe(422);
  });

  it('shows a message as sent, never a system email’s body, and another user’s is 404', async () => {
    const reply = (await list('?kind=reply')).data[0]!;
    const res = await t.app.inject({ url: `/api/comunicaciones/${reply.id}`, headers: bearer(token) });
    expect(res.json().data).toMatchObject({ bodyHtml: '<p>Thanks</p>', bodyText: 'Thanks' });
    const system = (await list('?kind=system')).data[0]!;
    expect((await t.app.inject({ url: `/api/comunicaciones/${system.id}`, headers: bearer(token) })).json().data).toMatchObject({
      bodyHtml: null,
      bodyText: null,
    });
    expect((await t.app.inject({ url: `/api/comunicaciones/${reply.id}`, headers: bearer(otherToken) })).statusCode).toBe(404);
  });

  it('exports the filtered list as CSV with a BOM and formula-looking cells neutralised', async () => {
    const res = await t.app.inject({ url: '/api/comunicaciones.csv?kind=test', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="enlaza-comunicaciones-/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"date","sent_at","kind","status","recipient","subject","error"');
    expect(lines[1]).toBe('"2026-03-10T09:00:00.000Z","","test","failed","ana@owner.example","\'=1+2 test","connection refused"');
    expect(lines).toHaveLength(3);
    const everything = await t.app.inject({ url: '/api/comunicaciones.csv', headers: bearer(token) });
    expect(everything.body.split('\r\n').filter(Boolean)).toHaveLength(6);
    expect(everything.body).not.toContain('Not yours');
  });

  it('keeps the body of the user’s own emails and not of system emails sent over SMTP', async () => {
    await queueEmails(t.database, 2525, [
      { to: 'kept@example.com', subject: 'Reply', html: '<p>Kept</p>', text: 'Kept', userId: owner.id, kind: 'reply' },
      {
        to: 'secret@example.com',
        subject: 'Reset',
        html: '<a href="https://x/reset/t">reset</a>',
        text: 'https://x/reset/t',
        userId: owner.id,
        kind: 'system',
      },
    ]);
    const [kept] = await t.db.select().from(deliveries).where(eq(deliveries.toEmail, 'kept@example.com'));
    expect(kept).toMatchObject({ bodyHtml: '<p>Kept</p>', bodyText: 'Kept' });
    const [secret] = await t.db.select().from(deliveries).where(eq(deliveries.toEmail, 'secret@example.com'));
    expect(secret).toMatchObject({ bodyHtml: null, bodyText: null });
  });
});
