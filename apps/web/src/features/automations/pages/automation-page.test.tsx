import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Automation, AutomationEnrolment, AutomationStep, AudienceSources, Locale, Segment } from '@enlaza/contracts';
import { NotificationHost } from '@/components/notifications';
import { labelInNameProblem } from '@/test/label-in-name';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import AutomationPage from './automation-page';

const ID = '3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const TEMPLATE = '00000000-0000-4000-8000-0000000000a1';
const OFFER = '00000000-0000-4000-8000-0000000000a2';
const SOURCES: AudienceSources = { profiles: [], folders: [], labels: [], lists: [] };
const MADRID = '00000000-0000-4000-8000-0000000000b1';
const SEGMENT: Segment = {
  id: MADRID,
  name: 'Madrid',
  rule: { match: 'all', groups: [{ match: 'all', conditions: [{ kind: 'consent', op: 'within_days', value: 30 }] }] },
  createdAt: '2026-11-19T09:00:00.000Z',
  updatedAt: '2026-11-19T09:00:00.000Z',
};

const figures = (over: Partial<AutomationStep['figures']> = {}): AutomationStep['figures'] => ({
  sent: 0,
  pending: 0,
  skipped: 0,
  bounced: 0,
  opened: 0,
  clicked: 0,
  unsubscribed: 0,
  waiting: 0,
  ...over,
});

const STEPS: AutomationStep[] = [
  {
    id: 's1',
    emailId: 'e-s1',
    segmentId: null,
    segmentName: null,
    position: 1,
    templateId: TEMPLATE,
    templateName: 'Thank you',
    delayMinutes: 0,
    condition: 'always',
    figures: figures({ sent: 40, opened: 25, clicked: 9, waiting: 0 }),
  },
  {
    id: 's2',
    emailId: 'e-s2',
    segmentId: null,
    segmentName: null,
    position: 2,
    templateId: OFFER,
    templateName: 'A tip',
    delayMinutes: 2880,
    condition: 'opened',
    figures: figures({ sent: 20, skipped: 4, waiting: 1 }),
  },
  {
    id: 's3',
    emailId: 'e-s3',
    segmentId: MADRID,
    segmentName: 'Madrid',
    position: 3,
    templateId: null,
    templateName: 'Old offer',
    delayMinutes: 10_080,
    condition: 'not_opened',
    figures: figures({ waiting: 2 }),
  },
];

const AUTOMATION: Automation = {
  id: ID,
  name: 'Welcome series',
  state: 'draft',
  trigger: { kind: 'consented', profileId: null },
  steps: STEPS,
  people: { active: 3, finished: 40, stopped: 1 },
  activatedAt: null,
  createdAt: '2026-11-19T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

const PERSON: AutomationEnrolment = {
  id: 'e1',
  email: 'ana@example.com',
  name: 'Ana',
  state: 'active',
  nextStep: 2,
  nextAt: '2026-11-22T10:00:00.000Z',
  stopReason: null,
  enrolledAt: '2026-11-20T10:00:00.000Z',
};

type Call = { method: string; path: string; body: unknown };
const server = {
  automation: AUTOMATION,
  refusal: null as { status: number; body: unknown } | null,
  calls: [] as Call[],
};

// One automation and what its builder calls: the templates, the audience sources, its people in two
// pages, and changes that answer the automation (a step added at the end), or the refusal set.
function fakeServer() {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = 'csrf-test';
  document.head.append(meta);
  mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const { pathname, search } = new URL(url, 'http://localhost');
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    server.calls.push({ method, path: pathname + search, body });
    const what = `${method} ${pathname}`;
    if (what === 'GET /api/account/preferences') return json({ ok: 1, data: { locale: 'en', timeZone: 'UTC', theme: 'light' } });
    if (what === 'GET /api/audience/sources') return json({ ok: 1, data: SOURCES });
    if (what === 'GET /api/audience/segments') return json({ ok: 1, data: [SEGMENT] });
    if (what === 'GET /api/campaigns/templates')
      return json({
        ok: 1,
        data: [
          { id: TEMPLATE, name: 'Thank you', subject: 'Thanks' },
          { id: OFFER, name: 'A tip', subject: 'A tip' },
        ],
      });
    if (what === `GET /api/automations/${ID}`) return json({ ok: 1, data: server.automation });
    if (what === `GET /api/automations/${ID}/people`)
      return search
        ? json({
            ok: 1,
            data: [
              {
                ...PERSON,
                id: 'e2',
                email: 'luis@example.com',
                name: 'Luis',
                state: 'stopped',
                nextStep: null,
                nextAt: null,
                stopReason: 'unsubscribed',
              },
            ],
            meta: { nextCursor: null },
          })
        : json({ ok: 1, data: [PERSON], meta: { nextCursor: 'c2' } });
    if (server.refusal) return json(server.refusal.body, server.refusal.status);
    if (what === `POST /api/automations/${ID}/steps`) {
      const { segmentId, ...added } = body as Pick<AutomationStep, 'templateId' | 'delayMinutes' | 'condition' | 'segmentId'>;
      const steps = server.automation.steps;
      const step: AutomationStep = {
        id: `s${steps.length + 1}`,
        emailId: `e-s${steps.length + 1}`,
        segmentId,
        segmentName: segmentId === MADRID ? 'Madrid' : null,
        position: steps.length + 1,
        templateName: 'A tip',
        figures: figures(),
        ...added,
      };
      server.automation = { ...server.automation, steps: [...steps, step] };
      return json({ ok: 1, data: server.automation });
    }
    if (method === 'PUT' && pathname.startsWith(`/api/automations/${ID}/steps/`)) {
      const stepId = pathname.split('/').pop();
      const changed = body as Pick<AutomationStep, 'templateId' | 'delayMinutes' | 'condition' | 'segmentId'>;
      const segmentName = changed.segmentId === MADRID ? 'Madrid' : null;
      const steps = server.automation.steps.map((s) => (s.id === stepId ? { ...s, ...changed, segmentName } : s));
      server.automation = { ...server.automation, steps };
      return json({ ok: 1, data: server.automation });
    }
    if (what === `DELETE /api/automations/${ID}/steps/s2`) {
      const steps = server.automation.steps.filter((s) => s.id !== 's2').map((s, i) => ({ ...s, position: i + 1 }));
      server.automation = { ...server.automation, steps };
      return json({ ok: 1, data: server.automation });
    }
    if (what === `POST /api/automations/${ID}/steps/s1/test`) return json({ ok: 1, data: { to: 'owner@example.com' } });
    if (what === `DELETE /api/automations/${ID}`) return json({ ok: 1, data: { deleted: true } });
    if (what === `POST /api/automations/${ID}/activate`) {
      server.automation = { ...server.automation, state: 'active' };
      return json({ ok: 1, data: server.automation });
    }
    return json({ ok: 0, code: 'http.not_found', message: 'Not found' }, 404);
  });
}

const show = (locale: Locale = 'en', route = `/user/campanas/automatizaciones/${ID}`) =>
  render(
    <>
      <AutomationPage />
      <NotificationHost />
    </>,
    {
      locale,
      route,
      path: '/user/campanas/automatizaciones/:automationId',
      routes: [
        { path: '/user/campanas/automatizaciones', element: <p>The list</p> },
        { path: '/user/campanas', element: <p>Campaigns</p> },
      ],
    },
  );

const stepItems = () => screen.getAllByTestId('timeline-step');
const writes = () => server.calls.filter((c) => c.method !== 'GET');

describe('the automation builder', () => {
  beforeEach(() => {
    server.automation = AUTOMATION;
    server.refusal = null;
    server.calls = [];
    fakeServer();
  });

  it('shows the trigger, then each step with its delay in words, its condition (none on the first), template and figures', async () => {
    await show();
    expect(await screen.findByRole('heading', { name: 'Welcome series' })).toBeTruthy();
    expect(screen.getByTestId('automation-state').textContent).toBe('Draft');
    const timeline = screen.getByRole('list', { name: 'The trigger and the steps, in order' });
    expect(within(timeline).getByTestId('automation-trigger').textContent).toBe('When a visitor consents on any card or tag');

    const [first, second, third] = stepItems();
    expect(within(first!).getByTestId('step-delay-text').textContent).toBe('At once');
    expect(within(first!).queryByTestId('step-condition-text')).toBeNull();
    expect(within(first!).queryByTestId('step-segment-text')).toBeNull();
    expect(within(first!).getByTestId('step-template').textContent).toBe('Template: Thank you');
    expect(within(first!).getByTestId('step-figure-sent').textContent).toBe('Sent40');
    expect(within(first!).getByTestId('step-figure-clicked').textContent).toBe('Clicked9');
    expect(within(first!).queryByTestId('step-waiting')).toBeNull();

    expect(within(second!).getByTestId('step-delay-text').textContent).toBe('After 2 days');
    expect(within(second!).getByTestId('step-condition-text').textContent).toBe('Only if they opened the previous email');
    expect(within(second!).getByTestId('step-waiting').textContent).toBe('1 person is waiting for this step.');

    expect(within(third!).getByTestId('step-delay-text').textContent).toBe('After 1 week');
    expect(within(third!).getByTestId('step-condition-text').textContent).toBe('Only if they did not open the previous email');
    expect(within(third!).getByTestId('step-segment-text').textContent).toBe('Only for people in “Madrid”');
    expect(within(third!).getByTestId('step-template-gone').textContent).toContain('The template of this step was deleted');
    expect(within(third!).getByRole('button', { name: 'Send test of step 3' })).toHaveProperty('disabled', true);
    expect(within(third!).getByTestId('step-waiting').textContent).toBe('2 people are waiting for this step.');
    expect(screen.getAllByRole('button').map(labelInNameProblem).filter(Boolean)).toEqual([]);
  });

  it('says the delays and the people waiting in Japanese too', async () => {
    await show('jp');
    await screen.findByRole('heading', { name: 'Welcome series' });
    const [first, second, third] = stepItems();
    expect(within(first!).getByTestId('step-delay-text').textContent).toBe('すぐに');
    expect(within(second!).getByTestId('step-delay-text').textContent).toBe('2 日後');
    expect(within(second!).getByTestId('step-waiting').textContent).toBe('1 人がこのステップを待っています。');
    expect(within(third!).getByTestId('step-delay-text').textContent).toBe('1 週間後');
    // A button named for a voice command starts from what it shows (WCAG 2.5.3), here as in English.
    expect(within(second!).getByRole('button', { name: 'ステップ 2 をテスト送信' })).toBeTruthy();
    expect(screen.getAllByRole('button').map(labelInNameProblem).filter(Boolean)).toEqual([]);
  });

  it('adds a step: the template, 2 days (posted as 2880 minutes) and the condition on the previous one', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a step' });
    const template = within(dialog).getByRole('combobox', { name: /Template/ });
    await waitFor(() => expect(within(template).getByRole('option', { name: 'A tip' })).toBeTruthy());
    fireEvent.change(template, { target: { value: OFFER } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Wait/ }), { target: { value: '2' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Unit' }), { target: { value: 'days' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Send it' }), { target: { value: 'clicked' } });
    expect(within(dialog).getByTestId('step-delay-preview').textContent).toBe('Shown as: After 2 days');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));

    await waitFor(() => expect(stepItems()).toHaveLength(4));
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: `/api/automations/${ID}/steps`,
        body: { templateId: OFFER, delayMinutes: 2880, condition: 'clicked', segmentId: null },
      },
    ]);
    expect(within(stepItems()[3]!).getByTestId('step-delay-text').textContent).toBe('After 2 days');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a step only to the people of a segment when one is chosen (everyone by default)', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a step' });
    const segment = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: /Only for people in segment/ });
    expect(segment.value).toBe('');
    expect(within(segment).getByRole('option', { name: 'Everyone (no segment)' })).toBeTruthy();
    await waitFor(() => expect(within(segment).getByRole('option', { name: 'Madrid' })).toBeTruthy());
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'A tip' })).toBeTruthy());
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Template/ }), { target: { value: OFFER } });
    fireEvent.change(segment, { target: { value: MADRID } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));

    await waitFor(() => expect(stepItems()).toHaveLength(4));
    expect(writes()[0]!.body).toEqual({ templateId: OFFER, delayMinutes: 1440, condition: 'always', segmentId: MADRID });
    expect(within(stepItems()[3]!).getByTestId('step-segment-text').textContent).toBe('Only for people in “Madrid”');
  });

  it('shows the segment of a step being edited, and sends null when set back to everyone', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit step 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit step 3' });
    const segment = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: /Only for people in segment/ });
    expect(segment.value).toBe(MADRID);
    fireEvent.change(segment, { target: { value: '' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Template/ }), { target: { value: OFFER } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save step' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'PUT', path: `/api/automations/${ID}/steps/s3`, body: { segmentId: null } });
  });

  it('asks no condition for the first step (it has no previous one), and sends it “always”', async () => {
    server.automation = { ...AUTOMATION, steps: [] };
    await show();
    expect(await screen.findByTestId('automation-no-steps')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a step' });
    expect(within(dialog).queryByRole('combobox', { name: 'Send it' })).toBeNull();
    expect(within(dialog).getByText('Counted from the trigger. 0 sends it at once.')).toBeTruthy();
    // A template is required; the wait starts at 0 (“At once”).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    expect(await within(dialog).findByText('Choose the email this step sends.')).toBeTruthy();
    expect(writes()).toEqual([]);
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Thank you' })).toBeTruthy());
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Template/ }), { target: { value: TEMPLATE } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({ templateId: TEMPLATE, delayMinutes: 0, condition: 'always', segmentId: null });
    await waitFor(() => expect(stepItems()).toHaveLength(1));
    expect(within(stepItems()[0]!).queryByTestId('step-condition-text')).toBeNull();
  });

  it('refuses a wait longer than a year in the form', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Add step' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a step' });
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'A tip' })).toBeTruthy());
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Template/ }), { target: { value: OFFER } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Wait/ }), { target: { value: '53' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Unit' }), { target: { value: 'weeks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add step' }));
    expect(await within(dialog).findByText('The longest wait is one year.')).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('edits a step with its values filled in (2 days, “opened”) and saves it with PUT', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit step 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit step 2' });
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /Wait/ }).value).toBe('2');
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Unit' }).value).toBe('days');
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Send it' }).value).toBe('opened');
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Unit' }), { target: { value: 'hours' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save step' }));
    await waitFor(() => expect(within(stepItems()[1]!).getByTestId('step-delay-text').textContent).toBe('After 2 hours'));
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: `/api/automations/${ID}/steps/s2`,
        body: { templateId: OFFER, delayMinutes: 120, condition: 'opened', segmentId: null },
      },
    ]);
  });

  it('removes a step once confirmed; the next one moves up', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove step 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this step?' });
    expect(dialog.textContent).toContain('Step 2 will be removed from the automation');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(stepItems()).toHaveLength(2));
    expect(writes()).toEqual([{ method: 'DELETE', path: `/api/automations/${ID}/steps/s2`, body: undefined }]);
    expect(within(stepItems()[1]!).getByTestId('step-delay-text').textContent).toBe('After 1 week');
  });

  it('sends a test of a step to my own address and says where it went', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Send test of step 1' }));
    expect(await screen.findByText('A test was sent to owner@example.com.')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'POST', path: `/api/automations/${ID}/steps/s1/test`, body: undefined }]);
  });

  it('shows why activating was refused, with the way to the Campaigns page when no sender is saved', async () => {
    server.refusal = {
      status: 409,
      body: { ok: 0, code: 'campaign.sender_missing', message: 'Set the sender of your campaigns before sending.' },
    };
    const { router } = await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    const alert = await screen.findByTestId('automation-action-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('Set the sender of your campaigns before sending.');
    expect(screen.getByTestId('automation-state').textContent).toBe('Draft');
    fireEvent.click(within(alert).getByRole('link', { name: 'Set the sender on the Campaigns page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/campanas'));
  });

  it('shows the server’s sentence for a refusal without a link of its own (no steps)', async () => {
    server.refusal = {
      status: 422,
      body: { ok: 0, code: 'automation.no_steps', message: 'Add at least one step before activating the automation.' },
    };
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    const alert = await screen.findByTestId('automation-action-error');
    expect(alert.textContent).toBe('Add at least one step before activating the automation.');
    expect(within(alert).queryByRole('link')).toBeNull();
  });

  it('once active, offers Pause, and Delete only after pausing', async () => {
    await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(screen.getByTestId('automation-state').textContent).toBe('Active'));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('automation-delete-busy').textContent).toBe('Pause the automation before deleting it.');
  });

  it('deletes a draft once confirmed, and goes back to the list', async () => {
    const { router } = await show();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this automation?' });
    expect(dialog.textContent).toContain('“Welcome series” and its steps will be deleted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/campanas/automatizaciones'));
    expect(writes()).toEqual([{ method: 'DELETE', path: `/api/automations/${ID}`, body: undefined }]);
  });

  it('lists the people on their tab, where they are and why they stopped, with “Load more”', async () => {
    await show('en', `/user/campanas/automatizaciones/${ID}?tab=personas`);
    const table = await screen.findByTestId('automation-people-table');
    expect(within(table).getAllByText('ana@example.com').length).toBeGreaterThan(0);
    expect(within(table).getAllByText('Step 2, Nov 22, 2026, 10:00 AM').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByText('luis@example.com').length).toBeGreaterThan(0));
    expect(within(table).getAllByText('Unsubscribed').length).toBeGreaterThan(0);
    expect(server.calls.filter((c) => c.path.includes('/people')).map((c) => c.path)).toEqual([
      `/api/automations/${ID}/people`,
      `/api/automations/${ID}/people?cursor=c2`,
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
