import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Profile, WallPost } from '@enlaza/contracts';
import { json, mockApi, type MockedCall } from '@/test/mock-api';
import { render } from '@/test/render';
import WallsPage from './walls-page';

const CARD_ID = '33333333-3333-4333-8333-333333333333';
const card = (wall: boolean): Profile => ({
  id: CARD_ID,
  kind: 'card',
  name: 'Ana García',
  photoFileId: null,
  coverFileId: null,
  logoFileId: null,
  theme: { color: '#12b886', layout: 'classic' },
  visibility: 'public',
  contactForm: false,
  wall,
  sectionOrder: 'wall-first',
  folderId: null,
  labelIds: [],
  card: null,
  tag: null,
  publicPath: `/link/ana/${CARD_ID}`,
  sharePath: '/link/ana',
  team: null,
  lockedFields: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const DRAFT: WallPost = {
  id: 'post-1',
  profileId: CARD_ID,
  title: 'Spring news',
  bodyHtml: '<p>Hi</p>',
  imageFileId: null,
  linkUrl: null,
  pinned: false,
  status: 'draft',
  scheduledAt: null,
  publishedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

let calls: MockedCall[];
async function renderWalls(wall: boolean) {
  calls = mockApi((url, init) => {
    const { pathname, searchParams } = new URL(url, 'http://x');
    if (pathname === '/api/profiles') {
      const data = searchParams.get('kind') === 'card' ? [card(wall)] : [];
      return json({ ok: 1, data, meta: { page: 1, pageSize: 100, total: data.length } });
    }
    if (pathname === '/api/walls/posts') return json({ ok: 1, data: [DRAFT], meta: { nextCursor: null } });
    if (pathname.endsWith('/publish') && init?.method === 'POST')
      return json({ ok: 1, data: { ...DRAFT, status: 'published', publishedAt: '2026-01-02T00:00:00.000Z' } });
    return json({ ok: 1, data: { locale: 'en', timeZone: 'Europe/Madrid', theme: 'system' } });
  }).calls;
  await render(<WallsPage />, { path: '/user/muros', route: `/user/muros?profile=${CARD_ID}` });
  fireEvent.click(await screen.findByTestId('post-publish'));
}
const publishBodies = () =>
  calls.filter((c) => c.url.endsWith('/publish') && c.init?.method === 'POST').map((c) => JSON.parse(c.init?.body as string) as object);

describe('publishing on Walls', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers to switch a wall that is off on in the same step', async () => {
    await renderWalls(false);
    const dialog = await screen.findByTestId('wall-off-publish');
    expect(dialog.textContent).toContain('The wall of Ana García is switched off');
    fireEvent.click(within(dialog).getByTestId('wall-off-publish-and-switch'));
    await waitFor(() => expect(publishBodies()).toEqual([{ action: 'publish', switchWallOn: true }]));
    await waitFor(() => expect(screen.queryByTestId('wall-off-publish')).toBeNull());
  });

  it('publishes only, when asked so', async () => {
    await renderWalls(false);
    fireEvent.click(within(await screen.findByTestId('wall-off-publish')).getByTestId('wall-off-publish-only'));
    await waitFor(() => expect(publishBodies()).toEqual([{ action: 'publish' }]));
  });

  it('asks nothing on a wall that is on', async () => {
    await renderWalls(true);
    await waitFor(() => expect(publishBodies()).toEqual([{ action: 'publish' }]));
    expect(screen.queryByTestId('wall-off-publish')).toBeNull();
  });
});
