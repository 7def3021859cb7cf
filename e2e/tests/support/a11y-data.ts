import { expect, type APIRequestContext } from '@playwright/test';
import { apiToken, bearer } from './session';

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
}

const aliasOf = (publicPath: string) => publicPath.split('/').filter(Boolean)[1] ?? 'demo';

async function created<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Through the API, as the demo user: a folder and a label for cards and for tags, a file in the cloud
 * (used as the card's photo), a card with contact details, links and a wall, a tag, a visitor's message,
 * two wall posts and an email template.
 */
export async function seedScreenData(request: APIRequestContext): Promise<ScreenData> {
  const headers = bearer(await apiToken(request, 'user'));
  // Playwright starts a new worker (and this again) after a failed test: reuse what an earlier run made.
  const find = async (kind: 'card' | 'tag', search: string) => {
    const response = await request.get('/api/profiles', { headers, params: { kind, search } });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: { id: string; publicPath: string }[] }).data[0];
  };
  const [existingCard, existingTag] = [await find('card', 'Contrast'), await find('tag', 'Luna')];
  if (existingCard && existingTag) return { alias: aliasOf(existingCard.publicPath), cardId: existingCard.id, tagId: existingTag.id };

  const collection = (type: 'folders' | 'labels', kind: 'card' | 'tag', name: string, color: string) =>
    request.post(`/api/${type}`, { headers, data: { kind, name, color } }).then((r) => created<{ id: string }>(r));
  const cardFolder = await collection('folders', 'card', 'Clients', '#1971c2');
  const cardLabel = await collection('labels', 'card', 'VIP', '#e8590c');
  const tagFolder = await collection('folders', 'tag', 'Pets', '#2f9e44');
  const tagLabel = await collection('labels', 'tag', 'Dogs', '#9c36b5');

  const [photo] = await created<{ id: string }[]>(
    await request.post('/api/files', { headers, multipart: { file: { name: 'portrait.png', mimeType: 'image/png', buffer: PNG } } }),
  );

  const card = await created<{ id: string; publicPath: string }>(
    await request.post('/api/profiles', {
      headers,
      data: {
        kind: 'card',
        wall: true,
        photoFileId: photo!.id,
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
      },
    }),
  );
  const tag = await created<{ id: string }>(
    await request.post('/api/profiles', {
      headers,
      data: {
        kind: 'tag',
        folderId: tagFolder.id,
        labelIds: [tagLabel.id],
        tag: { name: 'Luna', tagKind: 'pet', description: 'A friendly dog.' },
      },
    }),
  );

  const alias = aliasOf(card.publicPath);
  // A visitor's message (anonymous: no session, no cookie).
  const message = await request.post(`/api/public/link/${alias}/${card.id}/messages`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Marta Visitor', email: 'marta@e2e.enlaza.test', message: 'Hello, could we meet next week?', consent: true },
  });
  expect(message.status(), await message.text()).toBe(201);
  // An imported contact list and a suppressed address (the audience screens).
  await created(
    await request.post('/api/audience/lists/import', {
      headers,
      data: {
        csv: 'email,name\nlena@e2e.enlaza.test,Lena\nomar@e2e.enlaza.test,Omar\n',
        name: 'Trade fair leads',
        hasHeader: true,
        emailColumn: 0,
        nameColumn: 1,
        consent: true,
      },
    }),
  );
  await created(await request.post('/api/audience/suppressions', { headers, data: { email: 'gone@e2e.enlaza.test' } }));

  await seedBilling(request, headers);
  // A published, pinned wall post on the card (Muros and the public page) and an email template (Plantillas).
  const post = await request.post('/api/walls/posts', {
    headers,
    data: {
      profileId: card.id,
      title: 'Open on Sundays',
      bodyHtml: '<p>We are <strong>open</strong> on Sundays.</p>',
      linkUrl: 'https://example.com/hours',
      pinned: true,
    },
  });
  expect(post.status(), await post.text()).toBe(201);
  const postId = ((await post.json()) as { data: { id: string } }).data.id;
  expect((await request.post(`/api/walls/posts/${postId}/publish`, { headers, data: { action: 'publish' } })).status()).toBe(200);
  expect(
    (
      await request.post('/api/walls/posts', { headers, data: { profileId: card.id, title: 'Next week', bodyHtml: '<p>A draft.</p>' } })
    ).status(),
  ).toBe(201);
  const template = await request.post('/api/templates', {
    headers,
    data: { name: 'Welcome', subject: 'Hello {{nombre}}', bodyHtml: '<p>Thanks for writing, {{nombre}}.</p>' },
  });
  expect(template.status(), await template.text()).toBe(201);
  // A draft campaign to the card's consenting senders (Campañas lists it).
  await created(
    await request.post('/api/campaigns', {
      headers,
      data: { name: 'Spring newsletter', templateId: null, audience: { profileIds: [card.id] } },
    }),
  );

  return { alias, cardId: card.id, tagId: tag.id };
}

/**
 * Billing screens with data, without changing the demo user's plan or quotas (other specs count on
 * Free): two saved cards and one failed payment (the card whose charges always fail).
 */
async function seedBilling(request: APIRequestContext, headers: Record<string, string>): Promise<void> {
  const expYear = new Date().getUTCFullYear() + 5;
  const save = async (number: string) => {
    const response = await request.post('/api/user/methods', {
      headers,
      data: { number, expMonth: 12, expYear, cvc: '123', holder: 'Lucía Contrast' },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: { id: string } }).data;
  };
  await save('4242424242424242');
  const failing = await save('4000000000000341');
  const plans = (await (await request.get('/api/user/plans', { headers })).json()) as {
    data: { plans: { code: string; offers: { id: string }[] }[] };
  };
  const offer = plans.data.plans.find((p) => p.code === 'pro')?.offers[0];
  const charge = await request.post('/api/user/checkout', {
    headers,
    data: { offerId: offer?.id, methodId: failing.id, idempotencyKey: `a11y-${Date.now()}` },
  });
  expect(charge.status(), await charge.text()).toBe(402);
}
