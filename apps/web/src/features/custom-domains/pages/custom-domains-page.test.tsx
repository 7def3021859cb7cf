import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomDomain, CustomDomainList, MyTeam, Profile, Team } from '@enlaza/contracts';
import { formatDateTime } from '@/lib/format';
import { labelInNameProblem } from '@/test/label-in-name';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import CustomDomainsPage from './custom-domains-page';

const ID = '11111111-1111-4111-8111-111111111111';
const CARD_ID = '22222222-2222-4222-8222-222222222222';
const TAG_ID = '33333333-3333-4333-8333-333333333333';
const TEAM_ID = '44444444-4444-4444-8444-444444444444';
const TOKEN = 'enlaza-verification=3f9a0c1b2d4e5f60718293a4b5c6d7e8';
const PENDING: CustomDomain = {
  id: ID,
  host: 'cards.acme.com',
  target: { kind: 'profile', id: CARD_ID, name: 'Lucía Contrast' },
  status: 'pending',
  records: [
    { kind: 'ownership', type: 'TXT', name: '_enlaza.cards.acme.com', value: TOKEN, status: 'unchecked', seen: [] },
    { kind: 'cname', type: 'CNAME', name: 'cards.acme.com', value: 'domains.enlaza.app', status: 'unchecked', seen: [] },
  ],
  url: 'https://cards.acme.com/',
  checkedAt: null,
  verifiedAt: null,
  createdAt: '2031-03-14T09:00:00.000Z',
};
const CHECKED_AT = '2031-03-14T10:30:00.000Z';
/** After a check: the TXT found, the CNAME pointing elsewhere. */
const MISMATCHED: CustomDomain = {
  ...PENDING,
  checkedAt: CHECKED_AT,
  records: [
    { ...PENDING.records[0]!, status: 'found' },
    { ...PENDING.records[1]!, status: 'mismatch', seen: ['acme.github.io'] },
  ],
};
const VERIFIED: CustomDomain = {
  ...PENDING,
  status: 'verified',
  checkedAt: CHECKED_AT,
  verifiedAt: CHECKED_AT,
  records: PENDING.records.map((r) => ({ ...r, status: 'found' as const })),
};

/** A card or tag as the profiles list answers it. */
const profile = (id: string, kind: 'card' | 'tag', name: string): Profile => ({
  id,
  kind,
  name,
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
  publicPath: `/link/lucia/${id}`,
  sharePath: `/link/lucia/${id}`,
  team: null,
  lockedFields: [],
  createdAt: '2031-03-01T09:00:00.000Z',
  updatedAt: '2031-03-01T09:00:00.000Z',
});

const TEAM: Team = {
  id: TEAM_ID,
  name: 'Acme Studio',
  alias: 'acme-studio',
  logoFileId: null,
  coverFileId: null,
  color: '#12b886',
  address: null,
  website: null,
  directoryEnabled: true,
  directoryPath: '/link/acme-studio',
  activeMembers: 2,
  createdAt: '2031-03-01T09:00:00.000Z',
  updatedAt: '2031-03-01T09:00:00.000Z',
};
const myTeam = (role: 'owner' | 'member'): MyTeam => ({ team: TEAM, role, cardId: null });

type Route = `${'GET' | 'POST' | 'DELETE'} ${string}`;
type State = CustomDomainList & { team?: MyTeam };

/**
 * The routes this screen may call, each with its answer; any other call fails the test. The list is
 * read from `state`, which a route's answer may change; the profiles list answers a card and a tag.
 */
function server(state: State, routes: Partial<Record<Route, (body: unknown) => Response | Promise<Response>>> = {}) {
  return mockApi((url, init) => {
    const parsed = new URL(url, 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${parsed.pathname}` as Route;
    const route = routes[key];
    if (route) return route(init?.body ? JSON.parse(init.body as string) : undefined);
    if (key === 'GET /api/custom-domains') return json({ ok: 1, data: { domains: state.domains, limit: state.limit } });
    if (key === 'GET /api/team') return json({ ok: 1, data: state.team ?? null });
    if (key === 'GET /api/profiles') {
      const kind = parsed.searchParams.get('kind');
      const data = kind === 'card' ? [profile(CARD_ID, 'card', 'Lucía Contrast')] : [profile(TAG_ID, 'tag', 'Luna')];
      return json({ ok: 1, data, meta: { page: 1, pageSize: 100, total: 1 } });
    }
    throw new Error(`the custom domains page called ${key}`);
  });
}

const renderPage = (locale?: 'en' | 'es' | 'jp') =>
  render(<CustomDomainsPage />, {
    route: '/user/dominios',
    locale,
    routes: [{ path: '/user/plans', element: <p>Plans</p> }],
  });

const tableRow = (kind: string) => screen.getAllByTestId('custom-domain-record').find((row) => row.dataset.kind === kind)!;

describe('the custom domains page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('on a plan without domains says so and leads to the plans, with no form', async () => {
    server({ domains: [], limit: 0 });
    const { router } = await renderPage();
    const plan = await screen.findByTestId('custom-domains-plan');
    expect(plan.textContent).toContain('Your plan does not include custom domains.');
    expect(screen.queryByTestId('custom-domain-add')).toBeNull();
    expect(screen.getByText(/cannot be on the domain itself/)).toBeTruthy();
    fireEvent.click(within(plan).getByRole('link', { name: 'See the plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/plans'));
  });

  it.each([
    ['en', 1, 'Your plan allows 1 custom domain. You have added 0.'],
    ['en', 3, 'Your plan allows 3 custom domains. You have added 0.'],
    ['es', 1, 'Tu plan permite 1 dominio propio. Has añadido 0.'],
    ['es', 3, 'Tu plan permite 3 dominios propios. Has añadido 0.'],
  ] as const)('says how many the plan allows, in the plural forms of %s (%i)', async (locale, limit, sentence) => {
    server({ domains: [], limit });
    await renderPage(locale);
    expect((await screen.findByTestId('custom-domains-plan')).textContent).toBe(sentence);
    expect(screen.getByTestId('custom-domains-empty')).toBeTruthy();
  });

  it('adds a host for a card chosen among the cards, tags and the team the user owns', async () => {
    const state: State = {
      domains: [],
      limit: 3,
      team: myTeam('owner'),
    };
    const mocked = server(state, {
      'POST /api/custom-domains': () => {
        state.domains = [PENDING];
        return json({ ok: 1, data: PENDING });
      },
    });
    await renderPage();
    const target = await screen.findByRole<HTMLSelectElement>('combobox', { name: /What it serves/ });
    await waitFor(() =>
      expect([...target.options].map((o) => o.textContent)).toEqual([
        'Choose…',
        'Card: Lucía Contrast',
        'Tag: Luna',
        'My team’s directory: Acme Studio',
      ]),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /^Host/ }), { target: { value: ' Cards.ACME.com. ' } });
    fireEvent.change(target, { target: { value: `profile:${CARD_ID}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByTestId('custom-domain')).toBeTruthy();
    const post = mocked.calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(post?.init?.body as string)).toEqual({ host: 'cards.acme.com', profileId: CARD_ID });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Host/ }).value).toBe('');
  });

  it('sends the team’s id for its directory, and puts a taken host under its field', async () => {
    const mocked = server(
      {
        domains: [],
        limit: 3,
        team: myTeam('owner'),
      },
      {
        'POST /api/custom-domains': () =>
          json({ ok: 0, code: 'custom_domains.host_taken', message: 'Another account already serves this domain.' }, 409),
      },
    );
    await renderPage();
    const target = await screen.findByRole<HTMLSelectElement>('combobox', { name: /What it serves/ });
    await waitFor(() => expect(target.options).toHaveLength(4));
    const host = screen.getByRole('textbox', { name: /^Host/ });
    fireEvent.change(host, { target: { value: 'team.acme.com' } });
    fireEvent.change(target, { target: { value: `team:${TEAM_ID}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Another account already serves this domain.')).toBeTruthy();
    await waitFor(() => expect(host.getAttribute('aria-invalid')).toBe('true'));
    expect(JSON.parse(mocked.calls.find((c) => c.init?.method === 'POST')?.init?.body as string)).toEqual({
      host: 'team.acme.com',
      teamId: TEAM_ID,
    });
  });

  it('refuses a host that is not one, or nothing chosen to serve, before sending anything; no team option for a member', async () => {
    const mocked = server({
      domains: [],
      limit: 3,
      team: myTeam('member'),
    });
    await renderPage();
    const target = await screen.findByRole<HTMLSelectElement>('combobox', { name: /What it serves/ });
    await waitFor(() => expect(target.options).toHaveLength(3));
    const host = screen.getByRole('textbox', { name: /^Host/ });
    fireEvent.change(host, { target: { value: 'not a host' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Enter a domain name such as example.com.')).toBeTruthy();
    expect(document.activeElement).toBe(host);
    fireEvent.change(host, { target: { value: 'cards.acme.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Choose what the domain serves.')).toBeTruthy();
    expect(mocked.calls.filter((c) => c.init?.method === 'POST')).toHaveLength(0);
  });

  it('says the plan’s limit is reached and turns the form off', async () => {
    server({ domains: [PENDING], limit: 1 });
    await renderPage();
    expect((await screen.findByTestId('custom-domains-plan')).textContent).toBe(
      'Your plan allows 1 custom domain. You have added 1: delete it to add another.',
    );
    expect(screen.getByRole('button', { name: 'Add domain' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a pending domain: its state in words, what it serves, and both records with copy buttons', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    server({ domains: [PENDING], limit: 3 });
    await renderPage();
    const card = await screen.findByTestId('custom-domain');
    expect(within(card).getByTestId('custom-domain-status').textContent).toBe('Pending verification');
    expect(within(card).getByTestId('custom-domain-target').textContent).toBe('Serves: Lucía Contrast');
    expect(within(card).getByTestId('custom-domain-checked-at').textContent).toBe('Not checked yet');
    expect(within(card).queryByTestId('custom-domain-url')).toBeNull();

    const table = within(card).getByRole('table', { name: 'DNS records to publish for cards.acme.com' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Record', 'Type', 'Name', 'Value', 'Last check']);
    const txt = tableRow('ownership');
    expect(within(txt).getByText('Ownership')).toBeTruthy();
    expect(within(txt).getByText('TXT')).toBeTruthy();
    expect(within(txt).getByTestId('custom-domain-record-value').textContent).toBe(TOKEN);
    expect(within(txt).getByTestId('custom-domain-record-status').textContent).toBe('Not checked');
    const cname = tableRow('cname');
    expect(within(cname).getByText('CNAME')).toBeTruthy();

    fireEvent.click(within(txt).getByRole('button', { name: 'Copy the Ownership value' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TOKEN));
    expect(await within(txt).findByRole('button', { name: 'Copied' })).toBeTruthy();
    fireEvent.click(within(cname).getByRole('button', { name: 'Copy the Address name' }));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('cards.acme.com'));

    const cards = within(card).getByRole('list', { name: 'DNS records to publish for cards.acme.com' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((li) => li.dataset.kind),
    ).toEqual(['ownership', 'cname']);
  });

  it('checks the DNS now: busy while it runs, then each record’s result, what was seen, and the time in the viewer’s language', async () => {
    let answer: (response: Response) => void = () => undefined;
    const state: State = { domains: [PENDING], limit: 3 };
    server(state, {
      [`POST /api/custom-domains/${ID}/check`]: () =>
        new Promise<Response>((resolve) => {
          answer = (response) => {
            state.domains = [MISMATCHED];
            resolve(response);
          };
        }),
    });
    await renderPage('es');
    const card = await screen.findByTestId('custom-domain');
    const check = within(card).getByRole('button', { name: 'Comprobar DNS ahora para cards.acme.com' });
    fireEvent.click(check);
    await waitFor(() => expect(within(card).getByTestId('custom-domain-checked-at').textContent).toBe('Comprobando el DNS…'));
    expect(check.hasAttribute('disabled') || check.dataset.loading !== undefined).toBe(true);

    answer(json({ ok: 1, data: MISMATCHED }));
    await waitFor(() =>
      expect(within(card).getByTestId('custom-domain-checked-at').textContent).toBe(
        `Última comprobación: ${formatDateTime(CHECKED_AT, 'es')}`,
      ),
    );
    expect(within(card).getByTestId('custom-domain-status').textContent).toBe('Pendiente de verificación');
    expect(within(tableRow('ownership')).getByTestId('custom-domain-record-status').textContent).toBe('Encontrado');
    const cname = tableRow('cname');
    expect(within(cname).getByTestId('custom-domain-record-status').textContent).toBe('Valor distinto');
    expect(within(cname).getByTestId('custom-domain-record-seen').textContent).toBe('Se encontró en su lugar:acme.github.io');
  });

  it('links a verified domain’s address, and deletes it after saying it stops serving', async () => {
    const state: State = { domains: [VERIFIED], limit: 3 };
    const mocked = server(state, {
      [`DELETE /api/custom-domains/${ID}`]: () => {
        state.domains = [];
        return json({ ok: 1, data: {} });
      },
    });
    await renderPage();
    const card = await screen.findByTestId('custom-domain');
    expect(within(card).getByTestId('custom-domain-status').textContent).toBe('Verified');
    const link = within(card).getByRole('link', { name: /https:\/\/cards\.acme\.com\// });
    expect(link.getAttribute('href')).toBe('https://cards.acme.com/');
    fireEvent.click(within(card).getByRole('button', { name: 'Delete cards.acme.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete cards.acme.com?' });
    expect(dialog.textContent).toContain('stops serving at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete domain' }));
    expect(await screen.findByTestId('custom-domains-empty')).toBeTruthy();
    expect(mocked.calls.some((c) => c.init?.method === 'DELETE' && c.url === `/api/custom-domains/${ID}`)).toBe(true);
  });

  it.each(['en', 'es', 'jp'] as const)('names every button with the words it shows (%s)', async (locale) => {
    server({
      domains: [
        { ...VERIFIED, status: 'failed' },
        { ...PENDING, id: '55555555-5555-4555-8555-555555555555' },
      ],
      limit: 3,
    });
    await renderPage(locale);
    await screen.findAllByTestId('custom-domain');
    const problems = screen
      .getAllByRole('button')
      .map(labelInNameProblem)
      .filter((problem) => problem !== null);
    expect(problems).toEqual([]);
  });

  it('says while it loads, and when the list could not be loaded', async () => {
    server(
      { domains: [], limit: 0 },
      { 'GET /api/custom-domains': () => json({ ok: 0, code: 'internal', message: 'Something went wrong.' }, 500) },
    );
    await renderPage();
    expect(screen.getByTestId('custom-domains-loading').getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByTestId('custom-domains-error')).toBeTruthy();
  });
});
