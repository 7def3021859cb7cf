import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Profile, TeamTemplate } from '@enlaza/contracts';
import { json, mockApi, type MockedCall } from '@/test/mock-api';
import { render } from '@/test/render';
import { draftOf } from './profile-draft';
import { ProfileForm } from './profile-form';
import { teamLockOf } from './team-lock';

const LOGO = '11111111-1111-4111-8111-111111111111';
const SHARED = { label: 'Catalogue', url: 'https://acme.example/catalogue' };

const CARD: Profile = {
  id: '22222222-2222-4222-8222-222222222222',
  kind: 'card',
  name: 'Ana García',
  photoFileId: null,
  coverFileId: null,
  logoFileId: LOGO,
  theme: { color: '#1971c2', layout: 'classic' },
  visibility: 'public',
  contactForm: true,
  wall: false,
  sectionOrder: 'wall-first',
  folderId: null,
  labelIds: [],
  card: {
    firstName: 'Ana',
    lastName: 'García',
    jobTitle: 'Sales',
    company: 'Acme',
    bio: null,
    phones: [],
    emails: [],
    website: 'https://acme.example',
    address: 'Gran Vía 1',
    socialLinks: [],
    customLinks: [SHARED, { label: 'My blog', url: 'https://ana.example' }],
  },
  tag: null,
  publicPath: '/link/acme/22222222-2222-4222-8222-222222222222',
  sharePath: '/link/acme/222222222222',
  team: { id: 'team-1', name: 'Acme Sales' },
  lockedFields: ['company', 'logo', 'theme', 'links'],
  createdAt: '2031-03-01T09:00:00.000Z',
  updatedAt: '2031-03-01T09:00:00.000Z',
};

const TEMPLATE: TeamTemplate = {
  values: {
    company: 'Acme',
    logoFileId: LOGO,
    coverFileId: null,
    address: null,
    website: null,
    theme: { color: '#1971c2', layout: 'classic' },
    links: [SHARED],
  },
  locks: {
    company: 'locked',
    logo: 'locked',
    cover: 'editable',
    address: 'editable',
    website: 'editable',
    theme: 'locked',
    links: 'locked',
  },
  updatedAt: '2031-03-01T09:00:00.000Z',
};

let calls: MockedCall[];
async function setup(profile: Profile, template: TeamTemplate = TEMPLATE) {
  calls = mockApi((url, init) => {
    const path = new URL(url, 'http://x').pathname;
    if (path === '/api/team/template') return json({ ok: 1, data: template });
    // The team's files are in its owner's cloud: the member's own cloud does not have them.
    if (path.startsWith('/api/files/')) return json({ ok: 0, code: 'record.not_found', message: 'Not found.' }, 404);
    if (init?.method === 'PUT') return json({ ok: 1, data: profile });
    return json({ ok: 1, data: [] });
  }).calls;
  await render(
    <ProfileForm id={profile.id} initial={draftOf(profile)} base="/user/perfiles" justCreated={false} lock={teamLockOf(profile)} />,
    { route: '/user/perfiles/x' },
  );
}

describe('a team card in the editor', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined)); // no CSRF meta in jsdom
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the fields its team locks read-only, with the padlock and why, and the rest editable', async () => {
    await setup(CARD);
    expect(screen.getByTestId('profile-team-notice').textContent).toContain('A card of the team Acme Sales');
    const company = screen.getByTestId<HTMLInputElement>('card-company');
    expect(company.readOnly).toBe(true);
    expect(company.getAttribute('data-locked')).toBe('true');
    expect(company.closest('.mantine-InputWrapper-root')?.textContent).toContain('Set by your team Acme Sales');
    // The address is the team's starting value only: the member may change it.
    expect(screen.getByTestId<HTMLInputElement>('card-address').readOnly).toBe(false);
    expect(screen.getByTestId<HTMLInputElement>('profile-color').disabled).toBe(true);
    expect(screen.getByTestId('locked-theme').textContent).toBe('Set by your team Acme Sales');
    // The team's logo is a file of its owner's cloud: shown as the card's public page serves it.
    const logo = within(screen.getByTestId('locked-image-logo')).getByRole('img');
    expect(logo.getAttribute('src')).toBe(`/api/public${CARD.publicPath}/logo?v=11111111`);
    expect(logo.getAttribute('alt')).toBe('Company logo set by the team');
    // The team's shared link first, shown; the member's own link after it, editable.
    expect((await screen.findByTestId('card-shared-links')).textContent).toContain('Catalogue: https://acme.example/catalogue');
    // Until the template says how many links are the team's, every row is kept.
    const own = screen.getByTestId('card-links');
    const values = await within(own).findAllByRole('textbox');
    expect(values.map((input) => (input as HTMLInputElement).value)).toEqual(['My blog', 'https://ana.example']);
    expect(screen.getByTestId('card-shared-links').textContent).not.toContain('My blog');
  });

  it('sends the locked values unchanged with the member’s own changes', async () => {
    await setup(CARD);
    await screen.findByTestId('card-shared-links');
    fireEvent.change(screen.getByTestId('card-jobTitle'), { target: { value: 'Head of sales' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'PUT')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.init?.method === 'PUT')?.init?.body as string) as {
      logoFileId: string;
      theme: unknown;
      card: { company: string; jobTitle: string; customLinks: unknown[] };
    };
    expect(body.logoFileId).toBe(LOGO);
    expect(body.theme).toEqual({ color: '#1971c2', layout: 'classic' });
    expect(body.card.company).toBe('Acme');
    expect(body.card.jobTitle).toBe('Head of sales');
    expect(body.card.customLinks).toEqual([SHARED, { label: 'My blog', url: 'https://ana.example' }]);
  });

  it('shows the team’s logo it does not lock, whole, instead of "none" and "not yours"', async () => {
    await setup({ ...CARD, lockedFields: ['company', 'theme', 'links'] }, { ...TEMPLATE, locks: { ...TEMPLATE.locks, logo: 'editable' } });
    const logo = await screen.findByTestId('cloud-picker-shared');
    expect(logo.getAttribute('src')).toBe(`/api/public${CARD.publicPath}/logo?v=11111111`);
    // A wide wordmark is not cropped to the square frame.
    expect(logo.getAttribute('style')).toContain('contain');
    const field = logo.closest('[data-testid="cloud-image-picker"]') as HTMLElement;
    expect(within(field).queryByRole('alert')).toBeNull();
    expect(field.textContent).not.toContain('None');
    // The member may still choose their own.
    expect(within(field).getByTestId('cloud-picker-choose')).toBeTruthy();
  });

  it('leaves a personal card as it was: nothing locked, no notice', async () => {
    await setup({ ...CARD, team: null, lockedFields: [], logoFileId: null });
    expect(screen.queryByTestId('profile-team-notice')).toBeNull();
    expect(screen.getByTestId<HTMLInputElement>('card-company').readOnly).toBe(false);
    expect(screen.queryByTestId('card-shared-links')).toBeNull();
  });
});
