import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Automation, AudienceSources, ContactField, ContactList, Segment, SegmentRuleInput } from '@enlaza/contracts';
import { NotificationHost } from '@/components/notifications';
import { labelInNameProblem } from '@/test/label-in-name';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import SegmentPage from './segment-page';

const CITY = '00000000-0000-4000-8000-00000000f001';
const AGE = '00000000-0000-4000-8000-00000000f002';
const SINCE = '00000000-0000-4000-8000-00000000f003';
const PLAN = '00000000-0000-4000-8000-00000000f004';
const LIST = '00000000-0000-4000-8000-00000000a001';
const CARD = '00000000-0000-4000-8000-00000000c001';
const SAVED = '00000000-0000-4000-8000-00000000e001';
const STEP_EMAIL = '00000000-0000-4000-8000-00000000d001';

const field = (id: string, name: string, type: ContactField['type'], choices: string[] = []): ContactField => ({
  id,
  name,
  type,
  choices,
  onForm: false,
  filled: 3,
  createdAt: '2026-11-01T09:00:00.000Z',
});
const FIELDS = [
  field(CITY, 'City', 'text'),
  field(AGE, 'Age', 'number'),
  field(SINCE, 'Customer since', 'date'),
  field(PLAN, 'Plan', 'choice', ['Gold', 'Silver']),
];
const LISTS: ContactList[] = [{ id: LIST, name: 'Fair leads', contacts: 2, createdAt: '2026-11-01T09:00:00.000Z' }];
const SOURCES: AudienceSources = { profiles: [{ id: CARD, name: 'Lucía', kind: 'card', contacts: 4 }], folders: [], labels: [], lists: [] };
const AUTOMATION: Automation = {
  id: 'a1',
  name: 'Welcome series',
  state: 'active',
  trigger: { kind: 'consented', profileId: null },
  steps: [
    {
      id: 's1',
      emailId: STEP_EMAIL,
      position: 1,
      templateId: null,
      templateName: 'Hello',
      delayMinutes: 0,
      condition: 'always',
      segmentId: null,
      segmentName: null,
      figures: { sent: 0, pending: 0, skipped: 0, bounced: 0, opened: 0, clicked: 0, unsubscribed: 0, waiting: 0 },
    },
  ],
  people: { active: 0, finished: 0, stopped: 0 },
  activatedAt: null,
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};
const SEGMENT: Segment = {
  id: SAVED,
  name: 'Gold customers',
  rule: { match: 'all', groups: [{ match: 'all', conditions: [{ kind: 'field', fieldId: PLAN, op: 'is', value: 'Gold' }] }] },
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

type Refusal = { status: number; body: unknown };
const server = {
  people: 7,
  counted: [] as SegmentRuleInput[],
  writes: [] as { method: string; path: string; body: unknown }[],
  saveRefusal: null as Refusal | null,
  countRefusal: null as Refusal | null,
  deleteRefusal: null as Refusal | null,
};

// The owner's fields, list, card and automation, a saved segment, and the count and the writes
// (recorded; refused when told to).
function fakeServer() {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = 'csrf-test';
  document.head.append(meta);
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const { pathname } = new URL(url, 'http://localhost');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const what = `${method} ${pathname}`;
    if (what === 'GET /api/account/preferences') return json({ ok: 1, data: { locale: 'en', timeZone: 'UTC', theme: 'light' } });
    if (what === 'GET /api/audience/fields') return json({ ok: 1, data: FIELDS });
    if (what === 'GET /api/audience/lists') return json({ ok: 1, data: LISTS });
    if (what === 'GET /api/audience/sources') return json({ ok: 1, data: SOURCES });
    if (what === 'GET /api/campaigns') return json({ ok: 1, data: [] });
    if (what === 'GET /api/automations') return json({ ok: 1, data: [AUTOMATION] });
    if (what === `GET /api/audience/segments/${SAVED}`) return json({ ok: 1, data: SEGMENT });
    if (what === 'POST /api/audience/segments/count') {
      server.counted.push((body as { rule: SegmentRuleInput }).rule);
      if (server.countRefusal) return json(server.countRefusal.body, server.countRefusal.status);
      return json({ ok: 1, data: { people: server.people } });
    }
    server.writes.push({ method, path: pathname, body });
    if (what === 'POST /api/audience/segments') {
      if (server.saveRefusal) return json(server.saveRefusal.body, server.saveRefusal.status);
      const saved = body as { name: string; rule: Segment['rule'] };
      return json({ ok: 1, data: { ...SEGMENT, id: SAVED, ...saved } }, 201);
    }
    if (what === `PATCH /api/audience/segments/${SAVED}`) return json({ ok: 1, data: { ...SEGMENT, ...(body as object) } });
    if (what === `DELETE /api/audience/segments/${SAVED}`) {
      if (server.deleteRefusal) return json(server.deleteRefusal.body, server.deleteRefusal.status);
      return json({ ok: 1, data: { deleted: true } });
    }
    return json({ ok: 0, code: 'record.not_found', message: 'Not found' }, 404);
  });
}

const show = (id = 'nuevo') =>
  render(
    <>
      <SegmentPage />
      <NotificationHost />
    </>,
    {
      route: `/user/campanas/audiencia/segmentos/${id}`,
      path: '/user/campanas/audiencia/segmentos/:segmentId',
      routes: [{ path: '/user/campanas/audiencia', element: <p>The audience page</p> }],
    },
  );

const condition = (g: number, c: number) => screen.getByTestId(`condition-${g}-${c}`);
const input = (g: number, c: number, part: string) => screen.getByTestId(`condition-${g}-${c}-${part}`);
const set = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
/** The count shown, once the server has answered for the rule as it is (the debounce is ~400 ms). */
const countShown = () => waitFor(() => screen.getByTestId('segment-count-value'), { timeout: 3000 });
const lastCounted = () => server.counted[server.counted.length - 1];

describe('the segment builder', () => {
  beforeEach(() => {
    Object.assign(server, { people: 7, counted: [], writes: [], saveRefusal: null, countRefusal: null, deleteRefusal: null });
    fakeServer();
  });

  it('starts with one field condition, counts the rule once it is complete, and says the number with its plural', async () => {
    await show();
    expect(await screen.findByRole('heading', { name: 'New segment', level: 1 })).toBeTruthy();
    await screen.findByTestId('condition-0-0');
    expect((input(0, 0, 'kind') as HTMLSelectElement).value).toBe('field');
    expect((input(0, 0, 'field') as HTMLSelectElement).value).toBe(CITY);
    // "City is …" has no value yet: nothing is counted.
    expect(screen.getByTestId('segment-count-incomplete').textContent).toBe('Complete every condition to see how many people match.');
    set(input(0, 0, 'text'), 'Madrid');
    expect((await countShown()).textContent).toBe('7');
    expect(screen.getByTestId('segment-count-text').textContent).toBe('people match now');
    expect(lastCounted()).toEqual({
      match: 'all',
      groups: [{ match: 'all', conditions: [{ kind: 'field', fieldId: CITY, op: 'is', value: 'Madrid' }] }],
    });
    expect(server.counted).toHaveLength(1);

    // Another value: counted again, one person now.
    server.people = 1;
    set(input(0, 0, 'text'), 'Sevilla');
    await waitFor(() => expect(screen.getByTestId('segment-count-value').textContent).toBe('1'), { timeout: 3000 });
    expect(screen.getByTestId('segment-count-text').textContent).toBe('person matches now');
    expect(server.counted).toHaveLength(2);
    expect(screen.getAllByRole('button').map(labelInNameProblem).filter(Boolean)).toEqual([]);
  });

  it('offers the operators of each field’s type and a value input that fits it', async () => {
    await show();
    await screen.findByTestId('condition-0-0');
    const operators = () => [...(input(0, 0, 'op') as HTMLSelectElement).options].map((o) => o.value);
    expect(operators()).toEqual(['is', 'is_not', 'contains', 'not_contains', 'empty', 'not_empty']);
    set(input(0, 0, 'field'), AGE);
    expect(operators()).toEqual(['is', 'is_not', 'gt', 'lt', 'empty', 'not_empty']);
    expect(input(0, 0, 'number')).toBeTruthy();
    set(input(0, 0, 'field'), SINCE);
    expect(operators()).toEqual(['is', 'before', 'after', 'within_days', 'empty', 'not_empty']);
    expect(input(0, 0, 'date')).toBeTruthy();
    set(input(0, 0, 'op'), 'within_days');
    expect(input(0, 0, 'days')).toBeTruthy();
    set(input(0, 0, 'field'), PLAN);
    expect(operators()).toEqual(['is', 'is_not', 'empty', 'not_empty']);
    expect([...(input(0, 0, 'choice') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Choose…', 'Gold', 'Silver']);
    set(input(0, 0, 'op'), 'not_empty');
    expect(within(condition(0, 0)).queryByLabelText(/Value/)).toBeNull();
    // "Plan has a value" needs nothing more: it is counted.
    await countShown();
    expect(lastCounted()!.groups[0]!.conditions).toEqual([{ kind: 'field', fieldId: PLAN, op: 'not_empty', value: null }]);
  });

  it('saves a rule with a condition of each kind in two groups, as the contract takes it, then opens the saved segment', async () => {
    await show();
    await screen.findByTestId('condition-0-0');
    set(screen.getByTestId('segment-name'), '  Engaged Madrid  ');
    set(input(0, 0, 'op'), 'contains');
    set(input(0, 0, 'text'), 'Mad');

    // Opens and clicks: did not click the automation's first email in the last 14 days.
    fireEvent.click(screen.getByRole('button', { name: 'Add a condition to group 1' }));
    set(input(0, 1, 'kind'), 'engagement');
    set(input(0, 1, 'action'), 'not_clicked');
    expect([...(input(0, 1, 'email') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'any of my emails',
      'Welcome series — step 1',
    ]);
    set(input(0, 1, 'email'), STEP_EMAIL);
    set(input(0, 1, 'days'), '14');

    // Not in the list; wrote through the card; consented after a date.
    fireEvent.click(screen.getByRole('button', { name: 'Add a condition to group 1' }));
    set(input(0, 2, 'kind'), 'list');
    set(input(0, 2, 'negate'), 'out');
    fireEvent.click(screen.getByRole('button', { name: 'Add a condition to group 1' }));
    set(input(0, 3, 'kind'), 'profile');
    expect((input(0, 3, 'profile') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Card: Lucía');
    fireEvent.click(screen.getByRole('button', { name: 'Add a condition to group 1' }));
    set(input(0, 4, 'kind'), 'consent');
    set(input(0, 4, 'consent-op'), 'after');
    set(input(0, 4, 'date'), '2026-01-15');
    set(screen.getByTestId('group-0-match'), 'any');

    // A second group: opened any email ever, and older than 30; people match either group.
    fireEvent.click(screen.getByTestId('add-group'));
    set(input(1, 0, 'kind'), 'engagement');
    set(input(1, 0, 'when'), 'ever');
    fireEvent.click(screen.getByRole('button', { name: 'Add a condition to group 2' }));
    set(input(1, 1, 'field'), AGE);
    set(input(1, 1, 'op'), 'gt');
    set(input(1, 1, 'number'), '30');
    set(screen.getByTestId('rule-match'), 'any');
    expect(screen.getAllByTestId('group-joiner').map((j) => j.textContent)).toEqual(['or']);

    const rule = {
      match: 'any',
      groups: [
        {
          match: 'any',
          conditions: [
            { kind: 'field', fieldId: CITY, op: 'contains', value: 'Mad' },
            { kind: 'engagement', event: 'clicked', negate: true, days: 14, emailId: STEP_EMAIL },
            { kind: 'list', listId: LIST, negate: true },
            { kind: 'profile', profileId: CARD, negate: false },
            { kind: 'consent', op: 'after', value: '2026-01-15' },
          ],
        },
        {
          match: 'all',
          conditions: [
            { kind: 'engagement', event: 'opened', negate: false, days: null, emailId: null },
            { kind: 'field', fieldId: AGE, op: 'gt', value: 30 },
          ],
        },
      ],
    };
    await waitFor(() => expect(lastCounted()).toEqual(rule), { timeout: 3000 });
    fireEvent.click(screen.getByTestId('segment-save'));
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]).toEqual({ method: 'POST', path: '/api/audience/segments', body: { name: 'Engaged Madrid', rule } });
    expect(await screen.findByText('“Engaged Madrid” saved.')).toBeTruthy();
    // Twenty-five edits, each drawing the whole builder again in jsdom: 5 s alone at a load of 3, and
    // past vitest.config.ts's 15 s in a run whose machine was loaded to 8 and more.
  }, 30_000);

  it('removes a condition and a group, and marks an incomplete condition instead of saving', async () => {
    await show();
    await screen.findByTestId('condition-0-0');
    // The only condition of the only group cannot be removed.
    expect(screen.queryByTestId('condition-0-0-remove')).toBeNull();
    fireEvent.click(screen.getByTestId('add-group'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove group 2' }));
    expect(screen.queryByTestId('group-1')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add a condition to group 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove condition 1 of group 1' }));
    expect(screen.queryByTestId('condition-0-1')).toBeNull();

    fireEvent.click(screen.getByTestId('segment-save'));
    expect(await screen.findByText('Give the segment a name.')).toBeTruthy();
    expect(within(condition(0, 0)).getByText('Complete this condition.')).toBeTruthy();
    expect(input(0, 0, 'text').getAttribute('aria-invalid')).toBe('true');
    expect(server.writes).toEqual([]);
  });

  it('shows a refusal of the server next to the condition it names', async () => {
    server.saveRefusal = {
      status: 422,
      body: {
        ok: 0,
        code: 'validation.failed',
        message: 'Check the highlighted fields.',
        errors: { 'rule.groups.0.conditions.1.value': ['Choose one of the field’s choices.'] },
      },
    };
    await show();
    await screen.findByTestId('condition-0-0');
    set(screen.getByTestId('segment-name'), 'Gold');
    set(input(0, 0, 'text'), 'Madrid');
    fireEvent.click(screen.getByRole('button', { name: 'Add a condition to group 1' }));
    set(input(0, 1, 'field'), PLAN);
    set(input(0, 1, 'choice'), 'Gold');
    fireEvent.click(screen.getByTestId('segment-save'));
    const message = await within(condition(0, 1)).findByText('Choose one of the field’s choices.');
    expect(message).toBeTruthy();
    expect(input(0, 1, 'choice').getAttribute('aria-invalid')).toBe('true');
    expect(within(condition(0, 0)).queryByText('Choose one of the field’s choices.')).toBeNull();
    expect(screen.queryByTestId('segment-error')).toBeNull();
    // What was typed stays.
    expect(screen.getByTestId<HTMLInputElement>('segment-name').value).toBe('Gold');
  });

  it('shows a refusal of the count next to its condition too', async () => {
    server.countRefusal = {
      status: 422,
      body: {
        ok: 0,
        code: 'validation.failed',
        message: 'Check the highlighted fields.',
        errors: { 'rule.groups.0.conditions.0.value': ['Enter at most 200 characters.'] },
      },
    };
    await show();
    await screen.findByTestId('condition-0-0');
    set(input(0, 0, 'text'), 'Madrid');
    expect(await within(condition(0, 0)).findByText('Enter at most 200 characters.', undefined, { timeout: 3000 })).toBeTruthy();
    expect(input(0, 0, 'text').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('segment-count-invalid')).toBeTruthy();
  });

  it('opens a saved segment with its rule, saves it with PATCH, and shows why it cannot be deleted', async () => {
    server.deleteRefusal = {
      status: 409,
      body: { ok: 0, code: 'audience.segment_in_use', message: 'An automation step sends to this segment.' },
    };
    await show(SAVED);
    expect(await screen.findByRole('heading', { name: 'Gold customers', level: 1 })).toBeTruthy();
    expect((input(0, 0, 'field') as HTMLSelectElement).value).toBe(PLAN);
    expect((input(0, 0, 'choice') as HTMLSelectElement).value).toBe('Gold');
    set(input(0, 0, 'choice'), 'Silver');
    fireEvent.click(screen.getByTestId('segment-save'));
    await waitFor(() => expect(server.writes).toHaveLength(1));
    expect(server.writes[0]).toEqual({
      method: 'PATCH',
      path: `/api/audience/segments/${SAVED}`,
      body: {
        name: 'Gold customers',
        rule: { match: 'all', groups: [{ match: 'all', conditions: [{ kind: 'field', fieldId: PLAN, op: 'is', value: 'Silver' }] }] },
      },
    });

    fireEvent.click(screen.getByTestId('segment-delete'));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this segment?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await within(dialog).findByTestId('confirm-error')).textContent).toBe('An automation step sends to this segment.');
  });
});
