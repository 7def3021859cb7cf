import type { APIRequestContext } from '@playwright/test';
import { dataOf, expect, saveTestCard, offerOf, uploadFile, type TestUser } from './fixtures';

// A real 2×2 PNG: the cloud checks a file's type from its bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** What the accessibility pass puts on the screens before visiting them. */
export interface ScreenData {
  alias: string;
  cardId: string;
  tagId: string;
  campaignId: string;
  /** A draft automation of two steps (its builder is /user/campanas/automatizaciones/{automation}). */
  automationId: string;
  /** A segment on a contact field and opens (its builder is /user/campanas/audiencia/segmentos/{segment}). */
  segmentId: string;
  /** A payment waiting for the customer's authentication (3-D Secure): its page is /user/pagos/{payment}. */
  paymentId: string;
}

/**
 * Through the API, as the test's own user: a folder and a label for cards and for tags, a file in the
 * cloud (used as the card's photo), a card with contact details, links and a wall, a tag, a visitor's
 * message, a contact list, a suppressed address, a failed payment, a payment waiting for 3-D Secure,
 * two wall posts, an email template, a draft campaign, a sending domain, a draft automation, and a
 * contact field with a segment on it.
 */
export async function seedScreenData(request: APIRequestContext, user: Pick<TestUser, 'headers' | 'alias' | 'id'>): Promise<ScreenData> {
  const { headers } = user;
  const post = async <T>(path: string, data: unknown, status = 201) => dataOf<T>(await request.post(path, { headers, data }), status);
  const collection = (type: 'folders' | 'labels', kind: 'card' | 'tag', name: string, color: string) =>
    post<{ id: string }>(`/api/${type}`, { kind, name, color });
  const cardFolder = await collection('folders', 'card', 'Clients', '#1971c2');
  const cardLabel = await collection('labels', 'card', 'VIP', '#e8590c');
  const tagFolder = await collection('folders', 'tag', 'Pets', '#2f9e44');
  const tagLabel = await collection('labels', 'tag', 'Dogs', '#9c36b5');

  const photo = await uploadFile(request, headers, { name: 'portrait.png', mimeType: 'image/png', buffer: PNG });

  const card = await post<{ id: string; publicPath: string }>('/api/profiles', {
    kind: 'card',
    wall: true,
    photoFileId: photo.id,
    folderId: cardFolder.id,
    labelIds: [cardLabel.id],
    card: {
      firstName: 'Lucía',
      lastName: 'Contrast',
      jobTitle: 'Architect',
      company: 'Enlaza',
      bio: 'Designs accessible buildings.',
      phones: [{ label: 'Mobile', number: '+34600111222' }],
      emails: [{ label: 'Work', email: 'lucia@e2e.enlaza.test' }],
      website: 'https://example.com',
      address: 'Gran Vía 1, Madrid',
      socialLinks: [{ network: 'linkedin', url: 'https://www.linkedin.com/in/lucia' }],
      customLinks: [{ label: 'Portfolio', url: 'https://example.com/portfolio' }],
    },
  });
  const tag = await post<{ id: string }>('/api/profiles', {
    kind: 'tag',
    folderId: tagFolder.id,
    labelIds: [tagLabel.id],
    tag: { name: 'Luna', tagKind: 'pet', description: 'A friendly dog.' },
  });

  // A visitor's message (anonymous: no session, no cookie).
  // The user's notifications of one type (others, such as a fixture's payment, may arrive meanwhile
  // through the event queue).
  const notificationsOf = async (type: string) =>
    (await dataOf<{ type: string }[]>(await request.get('/api/notifications', { headers }))).filter((n) => n.type === type).length;
  const before = await notificationsOf('new_message');
  // Marta's consent counts at once (the screens show her among the contacts campaigns reach): double
  // opt-in, every new account's default, is off while she writes, then on again for the screens.
  const consentSettings = (doubleOptIn: boolean) =>
    request.put('/api/audience/consent', { headers, data: { doubleOptIn, subject: null, body: null, thanks: null, pendingDays: 30 } });
  expect((await consentSettings(false)).status()).toBe(200);
  const message = await request.post(`/api/public/link/${user.alias}/${card.id}/messages`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Marta Visitor', email: 'marta@e2e.enlaza.test', message: 'Hello, could we meet next week?', consent: true },
  });
  expect(message.status(), await message.text()).toBe(201);
  // Its notification comes through the event queue: waited for, so it is always listed before the
  // failed payment's below (the visual comparisons picture the list).
  await expect.poll(() => notificationsOf('new_message'), { intervals: [200] }).toBe(before + 1);
  expect((await consentSettings(true)).status()).toBe(200);
  // An imported contact list and a suppressed address (the audience screens).
  await post('/api/audience/lists/import', {
    csv: 'email,name\nlena@e2e.enlaza.test,Lena\nomar@e2e.enlaza.test,Omar\n',
    name: 'Trade fair leads',
    hasHeader: true,
    emailColumn: 0,
    nameColumn: 1,
    consent: true,
  });
  await post('/api/audience/suppressions', { email: 'gone@e2e.enlaza.test' });

  // Billing: a second saved card, whose charges always fail, and the failed payment it made.
  const failing = await saveTestCard(request, headers, 'sandbox_card_charge_declined');
  const offerId = await offerOf(request, headers, 'business', 'yearly');
  await post('/api/user/checkout', { offerId, methodId: failing, idempotencyKey: `a11y-${user.id}` }, 402);
  // A card that always asks for 3-D Secure, and an add-on bought with it left waiting for the customer (202).
  const authenticating = await saveTestCard(request, headers, 'sandbox_card_authenticate_always');
  const { addOns } = await dataOf<{ addOns: { id: string; code: string }[] }>(await request.get('/api/user/paquetes', { headers }));
  const addOnId = addOns.find((a) => a.code === 'sends-1000')!.id;
  const waiting = await post<{ payment: { id: string; status: string } }>(
    '/api/user/paquetes',
    { addOnId, methodId: authenticating, idempotencyKey: `a11y-wait-${user.id}` },
    202,
  );
  expect(waiting.payment.status).toBe('requires_action');

  // A published, pinned wall post on the card (Muros and the public page), a draft, and an email template (Plantillas).
  const pinned = await post<{ id: string }>('/api/walls/posts', {
    profileId: card.id,
    title: 'Open on Sundays',
    bodyHtml: '<p>We are <strong>open</strong> on Sundays.</p>',
    linkUrl: 'https://example.com/hours',
    pinned: true,
  });
  await post(`/api/walls/posts/${pinned.id}/publish`, { action: 'publish' }, 200);
  await post('/api/walls/posts', { profileId: card.id, title: 'Next week', bodyHtml: '<p>A draft.</p>' });
  const welcome = await post<{ id: string }>('/api/templates', {
    name: 'Welcome',
    subject: 'Hello {{nombre}}',
    bodyHtml: '<p>Thanks for writing, {{nombre}}.</p>',
  });
  // A draft campaign to the card's consenting senders (Campañas lists it).
  const campaign = await post<{ id: string }>('/api/campaigns', {
    name: 'Spring newsletter',
    templateId: null,
    audience: { profileIds: [card.id] },
  });

  // A domain of the owner's to send campaigns from, its records not published yet (Sending domains).
  await post('/api/sending-domains', { domain: 'lucia-contrast.example', localPart: 'hola' }, 200);

  // A draft automation: a welcome at once to whoever consents on the card, the same email again a week later to those who opened it.
  const automation = await post<{ id: string }>('/api/automations', {
    name: 'Welcome series',
    trigger: { kind: 'consented', profileId: card.id },
  });
  await post(`/api/automations/${automation.id}/steps`, { templateId: welcome.id, delayMinutes: 0, condition: 'always' }, 200);
  await post(`/api/automations/${automation.id}/steps`, { templateId: welcome.id, delayMinutes: 7 * 1440, condition: 'opened' }, 200);

  // Two contact fields, Marta's city in one, and a segment on it (Fields and Segments tabs, the builder).
  const city = await post<{ id: string }>('/api/audience/fields', { name: 'City', type: 'text' });
  await post('/api/audience/fields', { name: 'Plan', type: 'choice', choices: ['Gold', 'Silver'] });
  expect(
    (
      await request.put('/api/audience/fields/values', {
        headers,
        data: { email: 'marta@e2e.enlaza.test', values: { [city.id]: 'Madrid' } },
      })
    ).status(),
  ).toBe(200);
  const segment = await post<{ id: string }>('/api/audience/segments', {
    name: 'Madrid readers',
    rule: {
      match: 'all',
      groups: [
        {
          match: 'any',
          conditions: [
            { kind: 'field', fieldId: city.id, op: 'is', value: 'Madrid' },
            { kind: 'engagement', event: 'opened', days: 30 },
          ],
        },
      ],
    },
  });

  return {
    alias: user.alias,
    cardId: card.id,
    tagId: tag.id,
    campaignId: campaign.id,
    automationId: automation.id,
    segmentId: segment.id,
    paymentId: waiting.payment.id,
  };
}

/**
 * Through the API, as the admin: the coupon screens' data. A coupon of 20 % off for three months,
 * limited to 100 redemptions, with two promotion codes (one for first-time customers only), whose
 * page is /admin/cupones/{coupon}; and an archived one of €5.00 off forever, so the list shows both
 * states. Codes are unique across the server: `suffix` sets them apart in a run that seeds again.
 */
export async function seedCoupons(request: APIRequestContext, headers: Record<string, string>, suffix = ''): Promise<{ couponId: string }> {
  const post = async <T>(path: string, data: unknown, status = 201) => dataOf<T>(await request.post(path, { headers, data }), status);
  const coupon = await post<{ id: string }>('/api/admin/coupons', {
    name: 'Spring launch',
    percentOff: 20,
    duration: 'repeating',
    durationInMonths: 3,
    maxRedemptions: 100,
  });
  await post(`/api/admin/coupons/${coupon.id}/promotion-codes`, { code: `SPRING20${suffix}`, maxRedemptions: 50 });
  await post(`/api/admin/coupons/${coupon.id}/promotion-codes`, { code: `FRIENDS${suffix}`, firstTimeOnly: true });
  const archived = await post<{ id: string }>('/api/admin/coupons', { name: 'Partner discount', amountOffCents: 500, duration: 'forever' });
  await post(`/api/admin/coupons/${archived.id}/archive`, {}, 200);
  return { couponId: coupon.id };
}

/**
 * Through the API, as the admin: the SMTP servers screen's data. A server with a sign-in and a rate
 * limit, enabled, and a second one off, with implicit TLS and no limit. Adding one is a sensitive
 * change: the admin's session gives its fresh proof first. Neither is ever reached: nothing on the
 * visual server sends a campaign.
 */
export async function seedSmtpRelays(request: APIRequestContext, headers: Record<string, string>, password: string): Promise<void> {
  await dataOf(await request.post('/api/user/reauthenticate', { headers, data: { password } }));
  const relay = async (data: Record<string, unknown>) => dataOf(await request.post('/api/admin/smtp-relays', { headers, data }), 201);
  await relay({
    name: 'Primary relay',
    host: 'smtp.mail-provider.example',
    port: 587,
    secure: false,
    user: 'enlaza',
    password: 'relay-password',
    rateMessages: 600,
    rateSeconds: 60,
    enabled: true,
  });
  await relay({
    name: 'Backup relay',
    host: 'backup.mail-provider.example',
    port: 465,
    secure: true,
    rateMessages: 0,
    rateSeconds: 1,
    enabled: false,
  });
}
