import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { DataRouter } from 'react-router';
import type { Profile, ProfileKind } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import ProfileListPage from './profile-list-page';

const PAGE = 24;
const profile = (kind: ProfileKind, n: number): Profile => ({
  id: `${kind}-${n}`,
  kind,
  name: `${kind === 'card' ? 'Card' : 'Tag'} ${n}`,
  photoFileId: null,
  coverFileId: null,
  logoFileId: null,
  theme: { color: '#12b886', layout: 'classic' },
  visibility: 'public',
  contactForm: false,
  wall: false,
  sectionOrder: 'wall-first',
  folderId: null,
  labelIds: [],
  card: null,
  tag: null,
  publicPath: `/p/${kind}-${n}`,
  sharePath: `/p/${kind}-${n}`,
  team: null,
  lockedFields: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
/** 30 cards and 3 tags; answers `GET /api/profiles` by kind and page, and `[]` for folders and labels. */
const store: Record<ProfileKind, Profile[]> = {
  card: Array.from({ length: 30 }, (_, i) => profile('card', i + 1)),
  tag: [1, 2, 3].map((n) => profile('tag', n)),
};

/** The plan's card quota the subscription data answers with (30 cards are stored). */
let cardLimit = 100;
const subscription = (cards: number) => ({
  id: 's1',
  status: 'active',
  plan: null,
  periodStart: null,
  periodEnd: null,
  cancelAtPeriodEnd: false,
  limits: { profiles: cards, tags: 10, storageBytes: 1, sendsPerMonth: 1 },
  usage: { profiles: 30, tags: 3, storageBytes: 0, sendsThisMonth: 0 },
  addOns: [],
});

let router: DataRouter;
async function renderPage(url: string) {
  const view = await render(<ProfileListPage />, {
    path: '/user/perfiles',
    routes: [{ path: '/user/tamys', element: <ProfileListPage /> }],
    route: url,
  });
  router = view.router;
  return view;
}
const selectBoxes = () => screen.getAllByTestId<HTMLInputElement>('profile-select');
const selectPage = () => screen.getByTestId<HTMLInputElement>('profiles-select-page');

describe('ProfileListPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // no CSRF meta in jsdom
    mockApi((input) => {
      const url = new URL(input, 'http://x');
      if (url.pathname === '/api/datasuscription') return json(subscription(cardLimit));
      // The tiles' copy buttons look for a card's custom domain (one list for the page).
      if (url.pathname === '/api/custom-domains') return json({ ok: 1, data: { domains: [], limit: 0 } });
      if (url.pathname !== '/api/profiles') return json({ ok: 1, data: [] });
      const kind = url.searchParams.get('kind') as ProfileKind;
      const page = Number(url.searchParams.get('page') ?? 1);
      const all = store[kind];
      return json({ ok: 1, data: all.slice((page - 1) * PAGE, page * PAGE), meta: { page, pageSize: PAGE, total: all.length } });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    cardLimit = 100;
  });

  it('states a used-up card quota plainly, with no alarm, and still offers "new" (where the limit is explained)', async () => {
    cardLimit = 30;
    await renderPage('/user/perfiles');
    expect((await screen.findByTestId('profiles-plan-usage')).textContent).toMatch(/30 of 30 cards on your plan/);
    expect(screen.queryByTestId('quota-prompt-cards')).toBeNull();
    expect(screen.getByTestId('profile-create').getAttribute('href')).toBe('/user/perfiles/new');
  });

  it('says how much of the plan is used while there is room (3 of 10 tags)', async () => {
    await renderPage('/user/tamys');
    await waitFor(() => expect(selectBoxes()).toHaveLength(3));
    expect((await screen.findByTestId('profiles-plan-usage')).textContent).toMatch(/3 of 10 tags on your plan/);
    expect(screen.queryByTestId('quota-prompt-tags')).toBeNull();
  });

  // Two tests, not one: each navigation re-renders the whole list, and one test doing both came close
  // to vitest's 5 s on CI's busy machine (it failed there once at 1.3 s here).
  it('starts an empty selection on another page', async () => {
    await renderPage('/user/perfiles');
    await waitFor(() => expect(selectBoxes()).toHaveLength(PAGE));
    fireEvent.click(selectBoxes()[0]!);
    expect(screen.getByTestId('bulk-count').textContent).toMatch(/1/);

    await router.navigate('/user/perfiles?page=2');
    await waitFor(() => expect(selectBoxes()).toHaveLength(6));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    expect(selectBoxes().some((box) => box.checked)).toBe(false);
  });

  it('starts an empty selection on the tags list', async () => {
    await renderPage('/user/perfiles?page=2');
    await waitFor(() => expect(selectBoxes()).toHaveLength(6));
    fireEvent.click(selectPage());
    expect(screen.getByTestId('bulk-count').textContent).toMatch(/6/);

    await router.navigate('/user/tamys');
    await waitFor(() => expect(selectBoxes()).toHaveLength(3));
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    expect(selectPage().checked).toBe(false);
  });

  it('moves focus to the select-all box when the selection is cleared', async () => {
    await renderPage('/user/perfiles');
    await waitFor(() => expect(selectBoxes()).toHaveLength(PAGE));
    fireEvent.click(selectBoxes()[1]!);
    const clear = screen.getByTestId('bulk-clear');
    clear.focus();
    fireEvent.click(clear);
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(selectPage()));
  });

  it('goes to the last page instead of an empty state for a page past the end', async () => {
    await renderPage('/user/perfiles?page=7');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(selectBoxes()).toHaveLength(6));
    expect(screen.queryByTestId('profiles-empty')).toBeNull();
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
