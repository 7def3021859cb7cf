import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Automation, AudienceSources, Locale } from '@enlaza/contracts';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import AutomationsPage from './automations-page';

const CARD = '6f1c2b1e-0c3a-4b7e-9a51-2a1d6c0f4e11';
const TAG = '6f1c2b1e-0c3a-4b7e-9a51-2a1d6c0f4e12';
const LIST = '0b9d3c8e-5a41-4f7e-8c2d-9e1f0a2b3c4d';
const NEW_ID = '7a2e4c1d-3b5f-4e6a-8c9d-0e1f2a3b4c5d';

const SOURCES: AudienceSources = {
  profiles: [
    { id: CARD, name: 'Ana García', kind: 'card', contacts: 12 },
    { id: TAG, name: 'Keys', kind: 'tag', contacts: 0 },
  ],
  folders: [],
  labels: [],
  lists: [{ id: LIST, name: 'Fair leads', contacts: 34 }],
};

const figures = { sent: 0, pending: 0, skipped: 0, bounced: 0, opened: 0, clicked: 0, unsubscribed: 0, waiting: 0 };
const step = (id: string, position: number) => ({
  id,
  emailId: `e-${id}`,
  segmentId: null,
  segmentName: null,
  position,
  templateId: '00000000-0000-4000-8000-0000000000a1',
  templateName: 'Welcome',
  delayMinutes: 0,
  condition: 'always' as const,
  figures,
});

const WELCOME: Automation = {
  id: '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  name: 'Welcome series',
  state: 'active',
  trigger: { kind: 'consented', profileId: CARD },
  steps: [step('s1', 1), step('s2', 2)],
  people: { active: 1234, finished: 1, stopped: 0 },
  activatedAt: '2026-11-20T09:00:00.000Z',
  createdAt: '2026-11-19T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

type Call = { method: string; path: string; body: unknown };
const server = { automations: [] as Automation[], calls: [] as Call[] };

// My automations, the audience picker's cards, tags and lists, and a create that answers a draft.
function fakeServer() {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = 'csrf-test';
  document.head.append(meta);
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const { pathname } = new URL(url, 'http://localhost');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    server.calls.push({ method, path: pathname, body });
    if (method === 'GET' && pathname === '/api/automations') return json({ ok: 1, data: server.automations });
    if (method === 'GET' && pathname === '/api/audience/sources') return json({ ok: 1, data: SOURCES });
    if (method === 'POST' && pathname === '/api/automations') {
      const { name, trigger } = body as Pick<Automation, 'name' | 'trigger'>;
      const created: Automation = {
        ...WELCOME,
        id: NEW_ID,
        name,
        trigger,
        state: 'draft',
        steps: [],
        people: { active: 0, finished: 0, stopped: 0 },
      };
      server.automations = [...server.automations, created];
      return json({ ok: 1, data: created });
    }
    return json({ ok: 0, code: 'http.not_found', message: 'Not found' }, 404);
  });
}

const show = (locale: Locale = 'en') =>
  render(<AutomationsPage />, {
    locale,
    path: '/user/campanas/automatizaciones',
    routes: [{ path: '/user/campanas/automatizaciones/:automationId', element: <p>The builder</p> }],
  });

const posts = () => server.calls.filter((c) => c.method === 'POST');

describe('the automations list', () => {
  beforeEach(() => {
    server.automations = [];
    server.calls = [];
    fakeServer();
  });

  it('with none, says what automations are for and offers to create the first one', async () => {
    await show();
    const empty = await screen.findByTestId('automations-empty');
    expect(within(empty).getByRole('heading', { name: 'No automations yet' })).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'Create your first automation' })).toBeTruthy();
    // The header's button would only repeat it.
    expect(screen.queryByTestId('new-automation')).toBeNull();
  });

  it('shows each automation: its name linking to its builder, trigger in words, state, steps and people', async () => {
    server.automations = [WELCOME];
    const { router } = await show();
    const row = await screen.findByTestId('automation-row');
    expect(within(row).getByTestId('automation-state').textContent).toBe('Active');
    await waitFor(() => expect(within(row).getByTestId('automation-trigger').textContent).toBe('When a visitor consents on “Ana García”'));
    expect(within(row).getByTestId('automation-summary').textContent).toBe('2 steps · In progress: 1,234 · Finished: 1 · Stopped: 0');
    fireEvent.click(within(row).getByRole('link', { name: 'Welcome series' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/campanas/automatizaciones/${WELCOME.id}`));
  });

  it('says a trigger on any card or tag, and the steps with the plural of the language (es)', async () => {
    server.automations = [{ ...WELCOME, trigger: { kind: 'consented', profileId: null }, steps: [step('s1', 1)] }];
    await show('es');
    const row = await screen.findByTestId('automation-row');
    expect(within(row).getByTestId('automation-trigger').textContent).toBe(
      'Cuando un visitante da su consentimiento en cualquier tarjeta o etiqueta',
    );
    expect(within(row).getByTestId('automation-summary').textContent).toBe('1 paso · En curso: 1234 · Terminadas: 1 · Detenidas: 0');
  });

  it('creates a draft on “any card or tag” by default, then opens its builder', async () => {
    const { router } = await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Create your first automation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New automation' });
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Name/ });
    expect(name.maxLength).toBe(120);
    fireEvent.change(name, { target: { value: '  Welcome  ' } });
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Card or tag' }).value).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/user/campanas/automatizaciones/${NEW_ID}`));
    expect(posts()).toEqual([
      { method: 'POST', path: '/api/automations', body: { name: 'Welcome', trigger: { kind: 'consented', profileId: null } } },
    ]);
  });

  it('offers only tags for a found tag, and posts the one chosen', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Create your first automation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New automation' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Found keys' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Starts when' }), { target: { value: 'lost_found' } });
    const tag = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Tag' });
    expect([...tag.options].map((o) => o.text)).toEqual(['Any tag', 'Keys (tag)']);
    fireEvent.change(tag, { target: { value: TAG } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ name: 'Found keys', trigger: { kind: 'lost_found', profileId: TAG } });
  });

  it('asks for the list of a “joins a list” trigger before posting, then posts it', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Create your first automation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New automation' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'Fair follow-up' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Starts when' }), { target: { value: 'list_added' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Choose the list whose new contacts start the automation.')).toBeTruthy();
    expect(posts()).toEqual([]);

    fireEvent.change(within(dialog).getByRole('combobox', { name: /List/ }), { target: { value: LIST } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ name: 'Fair follow-up', trigger: { kind: 'list_added', listId: LIST } });
  });
});
