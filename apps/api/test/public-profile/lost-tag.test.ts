import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, notifications } from '../../src/db/schema/index.js';
import { bearer, createTestApp, insertUser, login, queueIdle, waitFor, type TestContext } from '../helpers/test-app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://enlaza.example' });
});
afterAll(() => t.close());

describe('a lost tag gets its things home', () => {
  it('leads a finder to call or WhatsApp the tag’s phone, shows the serial, and tells the owner of the scan once an hour, by email too', async () => {
    // An owner who chose no notification emails at all: a lost tag's scan is emailed anyway.
    const owner = await insertUser(t.db, { name: 'Lola Lost', notificationEmails: [], timeZone: 'Asia/Tokyo' });
    const token = await login(t.app, owner);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers: bearer(token),
      payload: { kind: 'tag', tag: { name: 'Toby', tagKind: 'pet', lostMode: true, phone: '+34600123456', serial: 'EZ-0042' } },
    });
    expect(create.statusCode, create.body).toBe(201);
    const id = create.json<{ data: { id: string } }>().data.id;

    const html = (await t.app.inject({ url: `/link/${owner.alias}/${id}`, headers: { 'accept-language': 'es' } })).body;
    expect(html).toContain('href="tel:+34600123456"');
    expect(html).toContain('Llamar al dueño');
    expect(html).toContain('href="https://wa.me/34600123456"');
    expect(html).toContain('Número de serie: EZ-0042');

    // Three more scans within the hour (the page, the JSON of the SPA): one notification.
    await t.app.inject({ url: `/link/${owner.alias}/${id}` });
    await t.app.inject({ url: `/api/public/link/${owner.alias}/${id}` });
    await queueIdle(t.app, 'event.');
    const told = await waitFor(async () => {
      const rows = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, owner.id), eq(notifications.type, 'tag_scanned')));
      return rows.length > 0 ? rows : undefined;
    }, 'the scan notification');
    expect(told).toHaveLength(1);
    expect(told[0]!.payload).toMatchObject({ profileId: id, profileName: 'Toby' });
    const listed = await t.app.inject({ url: '/api/notifications', headers: { ...bearer(token), 'accept-language': 'en' } });
    expect(listed.body).toContain('Your tag “Toby” was scanned');
    // The bell says the time of the scan on the owner's clock too, as the email does.
    const [scan] = listed.json<{ data: { type: string; body: string }[] }>().data.filter((n) => n.type === 'tag_scanned');
    expect(scan?.body).toMatch(/at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Asia\/Tokyo\)/);
    const mail = await waitFor(async () => {
      const [mail] = await t.db.select().from(deliveries).where(eq(deliveries.toEmail, owner.email));
      return mail?.subject.includes('Toby') ? mail : undefined;
    }, 'the scan email');
    // The time of the scan as the owner's clock reads it.
    expect(mail.bodyText).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Asia\/Tokyo\)/);
    expect(mail.bodyText).not.toContain(' UTC');

    // Found: lost mode off. The phone is private again, and a scan tells nobody.
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/profiles/${id}`,
      headers: bearer(token),
      payload: { kind: 'tag', tag: { name: 'Toby', tagKind: 'pet', lostMode: false, phone: '+34600123456', serial: 'EZ-0042' } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const after = (await t.app.inject({ url: `/link/${owner.alias}/${id}` })).body;
    expect(after).not.toContain('+34600123456');
    expect(after).not.toContain('wa.me');
    const json = await t.app.inject({ url: `/api/public/link/${owner.alias}/${id}` });
    expect(json.json<{ data: { tag: { phone: string | null } } }>().data.tag.phone).toBeNull();
  });

  it('refuses a phone that is not a number in international form, as a field error', async () => {
    const owner = await insertUser(t.db);
    const token = await login(t.app, owner);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profiles',
      headers: bearer(token),
      payload: { kind: 'tag', tag: { name: 'Keys', tagKind: 'keys', lostMode: true, phone: '600 12 34 56' } },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['tag.phone']);
  });
});
