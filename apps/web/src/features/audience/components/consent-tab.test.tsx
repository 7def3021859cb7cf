import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  audienceVisitorPageSchema,
  consentProofSchema,
  consentSettingsSchema,
  errorResponseSchema,
  okResponse,
  type AudienceVisitor,
  type ConsentProof,
  type ConsentSettings,
} from '@enlaza/contracts';
import { z } from 'zod';
import { formatDateTime } from '@/lib/format';
import { json } from '@/test/mock-api';
import { render } from '@/test/render';
import { ConsentTab } from './consent-tab';
import { VisitorsTab } from './visitors-tab';

const DEFAULTS = {
  subject: 'Confirm that you want to hear from Ana García',
  body: 'You asked Ana García to keep you informed. To receive their emails, confirm your address with the button below.',
  thanks: 'From now on you will receive the emails of Ana García. Every email has a link to unsubscribe.',
};

/** An account that asks for confirmation and has written only its own subject. */
const SETTINGS: ConsentSettings = {
  doubleOptIn: true,
  subject: 'Please confirm, {{nombre}} here',
  body: null,
  thanks: null,
  pendingDays: 30,
  defaults: DEFAULTS,
};

const PROFILE_ID = '6f1c2b1e-0c3a-4b7e-9a51-2a1d6c0f4e11';
const VISITORS: AudienceVisitor[] = [
  {
    email: 'ana@example.com',
    name: 'Ana',
    profileId: PROFILE_ID,
    profileName: 'Ana García',
    consentedAt: '2026-11-20T09:00:00.000Z',
    suppressed: null,
    pending: true,
  },
  {
    email: 'luis@example.com',
    name: 'Luis',
    profileId: PROFILE_ID,
    profileName: 'Ana García',
    consentedAt: '2026-11-02T09:00:00.000Z',
    suppressed: null,
    pending: false,
  },
];

const PROOF: ConsentProof = {
  id: '0b9d3c8e-5a41-4f7e-8c2d-9e1f0a2b3c4d',
  email: 'ana@example.com',
  source: 'form',
  origin: 'https://enlaza.example/link/ana/6f1c2b1e-0c3a-4b7e-9a51-2a1d6c0f4e11',
  text: 'Acepto recibir comunicaciones de Ana García',
  textVersion: 'a1b2c3d4e5f60718',
  locale: 'es',
  method: 'double',
  state: 'pending',
  givenAt: '2026-11-20T09:00:00.000Z',
  confirmationSentAt: '2026-11-20T09:00:00.000Z',
  confirmedAt: null,
  expiresAt: '2026-12-20T09:00:00.000Z',
};

type Call = { method: string; url: string; body: unknown };

const server: { settings: ConsentSettings; refusal: { status: number; body: unknown } | null; calls: Call[] } = {
  settings: SETTINGS,
  refusal: null,
  calls: [],
};

/**
 * The audience routes these screens call, answered over `fetch`. src/test/mock-api.ts has no
 * contract for them, so each answer is checked here against its schema in packages/contracts, and a
 * drifted one fails the test that used it (as mockApi does).
 */
function fakeServer() {
  const problems: string[] = [];
  onTestFinished(() => {
    if (problems.length) throw new Error(`Mocked API answers that drift from packages/contracts:\n${problems.join('\n')}`);
  });
  const answer = (what: string, schema: z.ZodType, body: unknown, status = 200) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) problems.push(`${what} (${status}):\n${z.prettifyError(parsed.error)}`);
    return json(body, status);
  };
  // The CSRF meta tag the page carries (without it every request logs an error).
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = 'csrf-test';
  document.head.append(meta);

  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      server.calls.push({ method, url, body });
      const { pathname, searchParams } = new URL(url, 'http://localhost');
      const what = `${method} ${pathname}`;
      if (what === 'GET /api/audience/consent') return answer(what, okResponse(consentSettingsSchema), { ok: 1, data: server.settings });
      if (what === 'PUT /api/audience/consent') {
        if (server.refusal) return answer(what, errorResponseSchema, server.refusal.body, server.refusal.status);
        server.settings = { ...server.settings, ...(body as Partial<ConsentSettings>) };
        return answer(what, okResponse(consentSettingsSchema), { ok: 1, data: server.settings });
      }
      if (what === 'GET /api/audience/visitors')
        return answer(what, audienceVisitorPageSchema, { ok: 1, data: VISITORS, meta: { nextCursor: null } });
      if (what === 'GET /api/audience/consents') {
        const proofs = searchParams.get('email') === PROOF.email ? [PROOF] : [];
        return answer(what, okResponse(z.array(consentProofSchema)), { ok: 1, data: proofs });
      }
      problems.push(`${what}: not a route of these screens`);
      return json({ ok: 0, code: 'http.not_found', message: 'Not found' }, 404);
    }),
  );
}

const saves = () => server.calls.filter((c) => c.method === 'PUT' && c.url === '/api/audience/consent');
const field = (testId: string) => screen.getByTestId<HTMLInputElement | HTMLTextAreaElement>(testId);

describe('the Confirmation tab', () => {
  beforeEach(() => {
    server.settings = SETTINGS;
    server.refusal = null;
    server.calls = [];
    fakeServer();
  });

  it('loads the settings: the owner’s own text as a value, the default texts as placeholders of the empty ones', async () => {
    await render(<ConsentTab />);
    const subject = await screen.findByTestId<HTMLInputElement>('consent-subject');
    expect(screen.getByRole('switch', { name: /^Ask new contacts to confirm by email \(double opt-in\)/ })).toHaveProperty('checked', true);
    expect(field('consent-pending-days').value).toBe('30');
    expect(subject.value).toBe('Please confirm, {{nombre}} here');
    expect(subject.placeholder).toBe(DEFAULTS.subject);
    expect([field('consent-body').value, field('consent-body').placeholder]).toEqual(['', DEFAULTS.body]);
    expect([field('consent-thanks').value, field('consent-thanks').placeholder]).toEqual(['', DEFAULTS.thanks]);
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/audience/consent']);
  });

  it('saves with PUT, an emptied text as null (the default), and says “Guardado.” until something changes (in Spanish)', async () => {
    await render(<ConsentTab />, { locale: 'es' });
    const subject = await screen.findByRole('textbox', { name: 'Asunto del correo de confirmación' });
    fireEvent.change(subject, { target: { value: '   ' } });
    fireEvent.change(field('consent-thanks'), { target: { value: '  ¡Gracias, {{nombre}}!  ' } });
    fireEvent.change(field('consent-pending-days'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText('Guardado.')).toBeTruthy();
    expect(saves().map((c) => c.body)).toEqual([
      { doubleOptIn: true, pendingDays: 14, subject: null, body: null, thanks: '¡Gracias, {{nombre}}!' },
    ]);
    fireEvent.change(field('consent-body'), { target: { value: 'Confirma, por favor.' } });
    expect(screen.queryByText('Guardado.')).toBeNull();
  });

  it('puts a 422 on the days under their field, with no “Saved.”', async () => {
    server.refusal = {
      status: 422,
      body: { ok: 0, code: 'validation.failed', message: 'Check the fields', errors: { pendingDays: ['Choose from 1 to 90 days.'] } },
    };
    await render(<ConsentTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));

    const error = await screen.findByText('Choose from 1 to 90 days.');
    const days = field('consent-pending-days');
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(days.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('consent-saved').textContent).toBe('');
    expect(saves()).toHaveLength(1);
  });

  it('turning double opt-in off disables the days and the texts (and saves it off); on again enables them', async () => {
    await render(<ConsentTab />);
    const toggle = await screen.findByRole('switch', { name: /double opt-in/ });
    const guarded = ['consent-pending-days', 'consent-subject', 'consent-body', 'consent-thanks'].map(field);
    expect(guarded.map((f) => f.disabled)).toEqual([false, false, false, false]);

    fireEvent.click(toggle);
    expect(guarded.map((f) => f.disabled)).toEqual([true, true, true, true]);
    expect(screen.getByText(/One ticked box is enough/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(saves().map((c) => c.body)).toEqual([
      { doubleOptIn: false, pendingDays: 30, subject: 'Please confirm, {{nombre}} here', body: null, thanks: null },
    ]);

    fireEvent.click(toggle);
    expect(guarded.map((f) => f.disabled)).toEqual([false, false, false, false]);
  });
});

describe('all contacts: consent waiting for its confirmation, and its proof', () => {
  beforeEach(() => {
    server.calls = [];
    fakeServer();
  });

  it('marks the visitor who has not confirmed, and “Proof” lists the proof: method, text, version (in Japanese)', async () => {
    await render(<VisitorsTab />, { locale: 'jp' });
    const [ana, luis] = await screen.findAllByTestId('data-row');
    expect(within(ana!).getByTestId('visitor-status').textContent).toBe('確認待ち');
    expect(within(ana!).getByTestId('visitor-status').dataset.status).toBe('pending');
    expect(within(luis!).getByTestId('visitor-status').textContent).toBe('キャンペーンを受信');

    fireEvent.click(within(ana!).getByRole('button', { name: 'ana@example.com の同意の証拠' }));
    const dialog = await screen.findByRole('dialog', { name: '同意の証拠: ana@example.com' });
    const proof = await within(dialog).findByTestId('consent-proof');
    expect(server.calls.map((c) => c.url)).toContain('/api/audience/consents?email=ana%40example.com');
    expect(within(proof).getByText('メールで確認済み(ダブルオプトイン)')).toBeTruthy();
    expect(within(proof).getByText('確認待ち')).toBeTruthy();
    expect(proof.querySelector('q')?.textContent).toBe('Acepto recibir comunicaciones de Ana García');
    expect(proof.textContent).toContain('同意した文言(バージョン a1b2c3d4e5f60718、言語 es):');
    expect(proof.textContent).toContain(`${PROOF.origin} の問い合わせフォームから`);
    expect(proof.textContent).toContain(`リンクの期限: ${formatDateTime(PROOF.expiresAt!, 'jp')}`);
    expect(proof.textContent).not.toContain('確認日時');
  });
});
