import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { ACTIVITY_ACTIONS, type ActivityEvent } from '@enlaza/contracts';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { sentenceValues } from '../components/sentence-values';
import AdminHistoryPage from './admin-history-page';

const ANA = '0b7d4a52-8a1e-4a55-9c1e-3f3a1b2c4d5e';
const event = (over: Partial<ActivityEvent>): ActivityEvent => ({
  id: 'e1',
  action: 'file.restored',
  createdAt: '2026-11-22T10:00:00.000Z',
  userId: ANA,
  userName: 'Ana López',
  userEmail: 'ana@example.com',
  actorId: ANA,
  actorName: 'Ana López',
  actorEmail: 'ana@example.com',
  targetType: 'file',
  targetId: 'f1',
  address: null,
  device: null,
  before: { name: 'logo.png' },
  after: { name: 'logo.png' },
  ...over,
});

async function setup() {
  const { calls } = mockApi((url) => {
    if (url.startsWith('/api/admin/users?')) {
      const row = {
        id: ANA,
        name: 'Ana López',
        email: 'ana@example.com',
        alias: 'ana',
        codigo: 'C1',
        role: 'user',
        status: 'active',
        accountType: 'Personal',
        plan: 'Free',
        team: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      };
      return json({ ok: 1, data: [row], meta: { page: 1, pageSize: 10, total: 1 } });
    }
    const data = url.includes(`userId=${ANA}`)
      ? [event({})]
      : [
          event({}),
          event({
            id: 'e2',
            action: 'profile.created',
            userId: 'u2',
            userName: 'Bo',
            userEmail: 'bo@example.com',
            actorId: 'u2',
            actorName: 'Bo',
            actorEmail: 'bo@example.com',
            after: { name: 'My card' },
            before: null,
          }),
        ];
    return json({ ok: 1, data, meta: { nextCursor: null } });
  });
  const { router } = await render(<AdminHistoryPage />, { path: '/admin/historial' });
  return { calls, router };
}

describe('the admin history', () => {
  beforeAll(async () => {
    await initI18n('en');
    await loadNamespaces(['admin-history', 'admin', 'pages']);
    for (const language of ['es', 'jp']) await i18n.loadLanguages(language);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('describes every recorded action in en, es and jp', async () => {
    for (const language of ['en', 'es', 'jp']) {
      await i18n.changeLanguage(language);
      await loadNamespaces(['admin-history']);
      for (const action of ACTIVITY_ACTIONS) {
        expect(i18n.exists(`admin-history:actions.${action}`), `${language} admin ${action}`).toBe(true);
        expect(i18n.exists(`admin-history:actionNames.${action}`), `${language} admin name ${action}`).toBe(true);
      }
    }
    await i18n.changeLanguage('en');
  });

  it('fills every placeholder of every action’s sentence from the event, in en, es and jp', async () => {
    const recorded = event({
      before: { name: 'Old name', email: 'old@example.com' },
      after: { name: 'Marta', email: 'marta@example.com' },
    });
    for (const language of ['en', 'es', 'jp']) {
      await i18n.changeLanguage(language);
      await loadNamespaces(['admin-history']);
      for (const action of ACTIVITY_ACTIONS) {
        const sentence = i18n.t(`admin-history:actions.${action}`, sentenceValues({ ...recorded, action }, 'someone'));
        expect(sentence, `${language} ${action}`).not.toMatch(/\{\{|\}\}/);
      }
    }
    await i18n.changeLanguage('en');
    expect(i18n.t('admin-history:actions.team.member_invited', sentenceValues({ ...recorded, action: 'team.member_invited' }, 'x'))).toBe(
      'Ana López invited Marta (marta@example.com) to their team',
    );
  });

  it('shows each event’s user by name and email, and filters by a user found by name or email', async () => {
    const { calls, router } = await setup();
    expect((await screen.findAllByTestId('history-user')).map((a) => a.textContent)).toEqual([
      'Ana López · ana@example.com',
      'Bo · bo@example.com',
    ]);
    expect(screen.getByText('Ana López restored the file “logo.png” from the trash')).toBeTruthy();
    expect(screen.getByText('Bo created the card or tag “My card”')).toBeTruthy();

    const picker = screen.getByTestId('history-filter-user');
    picker.focus(); // Mantine treats a change to an unfocused input as autofill
    fireEvent.change(picker, { target: { value: 'ana@ex' } });
    const option = await screen.findByRole('option', { name: 'Ana López · ana@example.com', hidden: true });
    expect(calls.some(({ url: u }) => u.startsWith('/api/admin/users?') && u.includes('search=ana%40ex'))).toBe(true);
    fireEvent.click(option);
    await waitFor(() => expect(router.state.location.search).toBe(`?userId=${ANA}`));
    await waitFor(() =>
      expect(calls.some(({ url: u }) => u.startsWith('/api/admin/historial?') && u.includes(`userId=${ANA}`))).toBe(true),
    );
    await waitFor(() => expect(screen.getAllByTestId('history-user')).toHaveLength(1));
    expect((picker as HTMLInputElement).value).toBe('Ana López · ana@example.com');
  });
});
