import { describe, expect, it } from 'vitest';
import { publicProfileSchema, type Profile } from '@enlaza/contracts';
import { profileToPublicPreview } from './to-public-preview';

const base = {
  id: '0b6f3c1e-7a8d-4c55-9d43-2f1e5b7a9c10',
  photoFileId: null,
  coverFileId: null,
  theme: { color: '#228be6', layout: 'banner' as const },
  visibility: 'public' as const,
  contactForm: true,
  wall: false,
  folderId: null,
  labelIds: [],
  publicPath: '/link/old/0b6f3c1e-7a8d-4c55-9d43-2f1e5b7a9c10',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
};

const card: Profile = {
  ...base,
  kind: 'card',
  name: 'Ana López',
  card: {
    firstName: 'Ana',
    lastName: 'López',
    jobTitle: 'Designer',
    company: 'Estudio',
    bio: null,
    phones: [{ label: 'Work', number: '+34612345678' }],
    emails: [],
    website: 'https://ana.example',
    address: null,
    socialLinks: [],
    customLinks: [{ label: 'Portfolio', url: 'https://ana.example/work' }],
  },
  tag: null,
};

const tag: Profile = {
  ...base,
  kind: 'tag',
  name: 'Rex',
  card: null,
  tag: { name: 'Rex', tagKind: 'pet', description: 'Brown dog', showOwnerContact: true, lostMode: true, lostNote: 'Lost in the park', reward: '50 €', serial: 'TAG-0001' },
};

describe('profileToPublicPreview', () => {
  it('gives a card the public shape, addresses from the alias it is given', () => {
    const preview = profileToPublicPreview(card, { alias: 'ana', photoUrl: 'blob:photo', coverUrl: null });
    expect(publicProfileSchema.parse(preview)).toEqual(preview);
    expect(preview.canonicalPath).toBe(`/link/ana/${card.id}`);
    expect(preview.vcardPath).toBe(`/api/public/link/ana/${card.id}/vcard`);
    expect(preview.photoUrl).toBe('blob:photo');
    expect(preview.coverUrl).toBeNull();
    expect(preview.card).toEqual(card.card);
    expect(preview.tag).toBeNull();
    expect(preview.theme).toEqual({ color: '#228be6', layout: 'banner' });
  });

  it('keeps a tag’s serial private and shows the owner contact only when the tag allows it', () => {
    const owner = { name: 'Demo', email: 'demo@enlaza.local', phone: null };
    const shown = profileToPublicPreview(tag, { alias: 'demo', photoUrl: null, coverUrl: null, ownerContact: owner });
    expect(publicProfileSchema.parse(shown)).toEqual(shown);
    expect(shown.card).toBeNull();
    expect(shown.tag).not.toHaveProperty('serial');
    expect(shown.tag).toMatchObject({ lostMode: true, lostNote: 'Lost in the park', reward: '50 €', ownerContact: owner });

    const hidden = profileToPublicPreview({ ...tag, tag: { ...tag.tag!, showOwnerContact: false } }, { alias: 'demo', photoUrl: null, coverUrl: null, ownerContact: owner });
    expect(hidden.tag?.ownerContact).toBeNull();
  });
});
