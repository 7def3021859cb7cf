import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries } from '../../src/db/schema/index.js';
import { startMailbox, type Mailbox } from '../helpers/mailbox.js';
import { bearer, createTestApp, insertUser, login, settledDeliveries, type TestContext } from '../helpers/test-app.js';
import { FORBIDDEN, XSS_PAYLOADS } from '../helpers/xss.js';

let t: TestContext;
let mail: Mailbox;
let owner: Awaited<ReturnType<typeof insertUser>>;
let token: string;
let otherToken: string;

beforeAll(async () => {
  mail = await startMailbox();
  t = await createTestApp({ ...mail.env, PUBLIC_URL: 'https://enlaza.example' });
  owner = await insertUser(t.db, { name: 'Tina Templates', email: `tina-${Date.now()}@test.example` });
  token = await login(t.app, owner);
  otherToken = await login(t.app, await insertUser(t.db));
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const save = (body: object, as = token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/templates',
    headers: bearer(as),
    payload: { name: 'Welcome', subject: 'Hello {{nombre}}', bodyHtml: '<p>Hi {{ nombre }}</p>', ...body },
  });
async function created(body: object = {}) {
  const res = await save(body);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; bodyHtml: string; bodyText: string; subject: string };
}

describe('templates', () => {
  it('keeps only the rich-text allow-list of a body, and generates its plain-text part', async () => {
    for (const payload of XSS_PAYLOADS) {
      const tpl = await created({ bodyHtml: `<p>kept {{nombre}}</p>${payload}` });
      for (const pattern of FORBIDDEN)
        expect({ payload, body: tpl.bodyHtml }).not.toEqual({ payload, body: expect.stringMatching(pattern) });
      expect(tpl.bodyHtml).toContain('<p>kept {{nombre}}</p>');
    }
    const tpl = await created({
      bodyHtml:
        '<h2>News</h2><p>Dear <strong>{{nombre}}</strong>, see <a href="https://example.com/a">our page</a>.</p><ul><li>One</li></ul>',
    });
    // Headings keep their case (upper-casing them broke merge fields in a heading).
    expect(tpl.bodyText).toMatch(/^News$/m);
    expect(tpl.bodyText).not.toContain('NEWS');
    expect(tpl.bodyText).toContain('Dear {{nombre}}, see our page [https://example.com/a].');
    expect(tpl.bodyText).toContain('* One');
  });

  it('refuses an unknown merge field in the body or the subject with a 422 naming it, translated', async () => {
    const body = await save({ bodyHtml: '<p>Hi {{first_name}}</p>' });
    expect(body.statusCode).toBe(422);
    expect(body.json()).toMatchObject({ code: 'template.unknown_field', message: expect.stringContaining('{{first_name}}') });
    expect(body.json().errors.bodyHtml[0]).toContain('{{first_name}}');
    const subject = await t.app.inject({
      method: 'POST',
      url: '/api/templates',
      headers: { ...bearer(token), 'accept-language': 'es' },
      payload: { name: 'x', subject: 'Hola {{ apellido }}', bodyHtml: '<p>ok</p>' },
    });
    expect(subject.statusCode).toBe(422);
    expect(subject.json().message).toMatch(/\{\{apellido\}\}.*campo de combinación/);
    expect(subject.json().errors.subject[0]).toContain('{{apellido}}');
    // Nothing was saved.
    const list = (await t.app.inject({ url: '/api/templates?search=Hola', headers: bearer(token) })).json();
    expect(list.data).toEqual([]);
  });

  it('previews with sample values rendered by the server, values escaped, nothing that runs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/templates/preview',
      headers: bearer(token),
      payload: {
        subject: 'For {{nombre}}',
        bodyHtml:
          '<p>Hi {{nombre}} <{{email}}></p><p><a href="{{baja_url}}">unsubscribe</a></p><p>Card: {{perfil_url}}</p><img src=x onerror=alert(1)><script>alert(2)</script>',
      },
    });
    expect(res.statusCode).toBe(200);
    const preview = res.json().data;
    expect(preview.subject).toBe('For Tina Templates');
    expect(preview.html).toMatch(/^<!doctype html>/);
    expect(preview.html).toContain('Hi Tina Templates');
    expect(preview.html).toContain('https://enlaza.example/unsubscribe/example');
    expect(preview.html).not.toMatch(/onerror|<script>alert/);
    expect(preview.text).toContain('Hi Tina Templates');
    // The owner's short link (it opens their main card): the same address the test email and every campaign email carry.
    expect(preview.text).toContain(`Card: https://enlaza.example/link/${owner.alias}`);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/templates/preview',
          headers: bearer(token),
          payload: { subject: '{{x}}', bodyHtml: '' },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('takes every field by its name in any language, and names them in the author’s language when one is unknown', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/templates/preview',
      headers: bearer(token),
      payload: {
        subject: 'For {{name}} ({{nombre}})',
        bodyHtml:
          '<p>Hi {{ name }}, {{email}}</p><p>Card: {{profile_url}} or {{perfil_url}}</p><p><a href="{{unsubscribe_url}}">Leave</a></p>',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview.subject).toBe('For Tina Templates (Tina Templates)');
    expect(preview.text).toContain(`Hi Tina Templates, ${owner.email}`);
    expect(preview.text.replace(/\s+/g, ' ')).toContain(
      `Card: https://enlaza.example/link/${owner.alias} or https://enlaza.example/link/${owner.alias}`,
    );
    // A bare address field becomes a link like a bare address.
    expect(preview.html).toContain(`<a href="https://enlaza.example/link/${owner.alias}"`);
    expect(preview.html).toContain('href="https://enlaza.example/unsubscribe/example"');

    const english = await insertUser(t.db, { locale: 'en' });
    const unknown = await save({ bodyHtml: '<p>Hi {{first_name}}</p>' }, await login(t.app, english));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.bodyHtml[0]).toContain('{{name}}, {{email}}, {{profile_url}}, {{unsubscribe_url}}');
  });

  it('lists my templates newest edit first with search and keyset pages', async () => {
    const user = await insertUser(t.db);
    const as = await login(t.app, user);
    for (const name of ['Alpha', 'Beta', 'Gamma']) await save({ name }, as);
    const first = (await t.app.inject({ url: '/api/templates?limit=2', headers: bearer(as) })).json();
    expect(first.data.map((x: { name: string }) => x.name)).toEqual(['Gamma', 'Beta']);
    const second = (await t.app.inject({ url: `/api/templates?limit=2&before=${first.meta.nextCursor}`, headers: bearer(as) })).json();
    expect(second.data.map((x: { name: string }) => x.name)).toEqual(['Alpha']);
    expect(second.meta.nextCursor).toBeNull();
    const found = (await t.app.inject({ url: '/api/templates?search=amm', headers: bearer(as) })).json();
    expect(found.data.map((x: { name: string }) => x.name)).toEqual(['Gamma']);
  });

  it('answers 404 for another user’s template', async () => {
    const tpl = await created();
    expect((await t.app.inject({ url: `/api/templates/${tpl.id}`, headers: bearer(otherToken) })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/templates/${tpl.id}`,
          headers: bearer(otherToken),
          payload: { name: 'x', subject: 'x', bodyHtml: '' },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/templates/${tpl.id}`, headers: bearer(otherToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/templates/${tpl.id}/test`, headers: bearer(otherToken) })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/trash/email_template/${tpl.id}/restore`, headers: bearer(otherToken) })).statusCode,
    ).toBe(404);
  });

  it('moves a template to the trash and restores it', async () => {
    const tpl = await created({ name: 'Binned' });
    await t.app.inject({ method: 'DELETE', url: `/api/templates/${tpl.id}`, headers: bearer(token) });
    expect((await t.app.inject({ url: `/api/templates/${tpl.id}`, headers: bearer(token) })).statusCode).toBe(404);
    const trash = (await t.app.inject({ url: '/api/trash?kind=email_template', headers: bearer(token) })).json();
    expect(trash.data).toEqual([expect.objectContaining({ id: tpl.id, name: 'Binned', summary: 'Hello {{nombre}}' })]);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/trash/email_template/${tpl.id}/restore`, headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url: `/api/templates/${tpl.id}`, headers: bearer(token) })).json().data.name).toBe('Binned');
  });

  it('sends a test to my own address with an HTML and a text part, counted in the monthly sends', async () => {
    const tpl = await created({
      subject: 'Test for {{nombre}}',
      bodyHtml: '<p>Hello <strong>{{nombre}}</strong></p><p><a href="{{perfil_url}}">my card</a></p>',
    });
    const before = (await t.app.inject({ url: '/api/envio/data', headers: bearer(token) })).json();
    const res = await t.app.inject({ method: 'POST', url: `/api/templates/${tpl.id}/test`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ to: owner.email });
    const email = await mail.next(owner.email, (m) => m.subject === 'Test for Tina Templates');
    expect(email.html).toContain('Hello <strong>Tina Templates</strong>');
    expect(email.text).toContain('Hello Tina Templates');
    expect(email.text).toContain(`my card [https://enlaza.example/link/${owner.alias}]`);
    const rows = await settledDeliveries(t.db, owner.email);
    expect(rows.filter((r) => r.kind === 'test' && r.status === 'sent')).toHaveLength(1);
    const after = (await t.app.inject({ url: '/api/envio/data', headers: bearer(token) })).json();
    expect(after.used).toBe(before.used + 1);
    expect(after.remaining).toBe(before.remaining - 1);
  });

  it('refuses a test past the monthly sends with 403 and the numbers, sending nothing', async () => {
    const user = await insertUser(t.db); // the Free plan: 100 sends a month
    const as = await login(t.app, user);
    const tpl = (await save({}, as)).json().data;
    await t.db.insert(deliveries).values(
      Array.from({ length: 100 }, () => ({
        userId: user.id,
        kind: 'campaign' as const,
        toEmail: 'x@example.com',
        subject: 's',
        status: 'sent' as const,
      })),
    );
    const res = await t.app.inject({ method: 'POST', url: `/api/templates/${tpl.id}/test`, headers: bearer(as) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'quota.sends', message: expect.stringContaining('100') });
    expect(await t.db.select().from(deliveries).where(eq(deliveries.toEmail, user.email))).toEqual([]);
  });
});
