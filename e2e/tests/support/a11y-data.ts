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
 * (used as the card's photo), a card with contact details and links, a tag, and a visitor's message.
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
      data: { kind: 'tag', folderId: tagFolder.id, labelIds: [tagLabel.id], tag: { name: 'Luna', tagKind: 'pet', description: 'A friendly dog.' } },
    }),
  );

  const alias = aliasOf(card.publicPath);
  // A visitor's message (anonymous: no session, no cookie).
  const message = await request.post(`/api/public/link/${alias}/${card.id}/messages`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { name: 'Marta Visitor', email: 'marta@e2e.enlaza.test', message: 'Hello, could we meet next week?', consent: true },
  });
  expect(message.status(), await message.text()).toBe(201);

  return { alias, cardId: card.id, tagId: tag.id };
}
