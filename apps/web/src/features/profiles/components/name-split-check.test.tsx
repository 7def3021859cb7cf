import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Locale, Profile } from '@enlaza/contracts';
import { startSession } from '@/lib/session';
import { json, mockApi } from '@/test/mock-api';
import { render } from '@/test/render';
import { draftOf } from './profile-draft';
import { ProfileForm } from './profile-form';

const ID = '33333333-3333-4333-8333-333333333333';

const cardOf = (firstName: string, lastName: string): Profile => ({
  id: ID,
  kind: 'card',
  name: `${firstName} ${lastName}`,
  photoFileId: null,
  coverFileId: null,
  logoFileId: null,
  theme: { color: '#1971c2', layout: 'classic' },
  visibility: 'public',
  contactForm: true,
  wall: false,
  sectionOrder: 'wall-first',
  folderId: null,
  labelIds: [],
  card: {
    firstName,
    lastName,
    jobTitle: null,
    company: null,
    bio: null,
    phones: [],
    emails: [],
    website: null,
    address: null,
    socialLinks: [],
    customLinks: [],
  },
  tag: null,
  publicPath: `/link/lucia/${ID}`,
  sharePath: '/link/lucia',
  team: null,
  lockedFields: [],
  createdAt: '2031-03-01T09:00:00.000Z',
  updatedAt: '2031-03-01T09:00:00.000Z',
});

/** The editor of the first card, made from `name` as registration makes it, for its owner. */
async function openFirstCard(name: string, firstName: string, lastName: string, locale: Locale = 'en') {
  startSession('token', {
    id: 'u1',
    name,
    alias: 'lucia',
    codigo: 'C1',
    email: 'lucia@example.com',
    roll: 'user',
    perfil_id: ID,
    created_at: '2031-03-01',
  });
  mockApi(() => json({ ok: 1, data: [] }));
  const profile = cardOf(firstName, lastName);
  await render(<ProfileForm id={ID} initial={draftOf(profile)} base="/user/perfiles" justCreated={false} />, {
    route: '/user/perfiles/x',
    locale,
  });
}
const fieldValue = (testId: string) => screen.getByTestId<HTMLInputElement>(testId).value;

describe('a first card whose name was split by a guess', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined)); // no CSRF meta in jsdom
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks: the split as made, and the other way, which fills the fields', async () => {
    await openFirstCard('Lucía Fernández Ruiz', 'Lucía', 'Fernández Ruiz');
    const check = await screen.findByTestId('name-split-check');
    expect(check.textContent).toContain('We took “Lucía” as your given name and “Fernández Ruiz” as your family name');
    fireEvent.click(screen.getByRole('button', { name: 'Given: Lucía Fernández · Family: Ruiz' }));
    expect(fieldValue('card-firstName')).toBe('Lucía Fernández');
    expect(fieldValue('card-lastName')).toBe('Ruiz');
    // Names no longer the guess: nothing left to ask.
    expect(screen.queryByTestId('name-split-check')).toBeNull();
  });

  it('asks no more once told it is right (in Spanish here)', async () => {
    await openFirstCard('María José Núñez', 'María José', 'Núñez', 'es');
    await screen.findByTestId('name-split-check');
    expect(screen.getByRole('button', { name: 'Nombre: María · Apellidos: José Núñez' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Es correcto' }));
    expect(screen.queryByTestId('name-split-check')).toBeNull();
    expect(window.localStorage.getItem(`name-split-confirmed:${ID}`)).toBe('1');
  });

  it('asks nothing for a sure split', async () => {
    await openFirstCard('Ana Pérez', 'Ana', 'Pérez');
    await screen.findByTestId('card-firstName');
    expect(screen.queryByTestId('name-split-check')).toBeNull();
  });

  it('asks nothing for names the owner already changed', async () => {
    await openFirstCard('Lucía Fernández Ruiz', 'Lucía Fernández', 'Ruiz');
    await screen.findByTestId('card-firstName');
    expect(screen.queryByTestId('name-split-check')).toBeNull();
  });
});
