import type { Profile, ProfileInput, ProfileKind, SectionOrder, SOCIAL_NETWORKS, TAG_KINDS, VISIBILITIES } from '@enlaza/contracts';

/** Every item of an ordered list carries a stable key, so rows keep their focus and state when moved. */
export interface Keyed {
  key: string;
}
let lastKey = 0;
export const newKey = () => `item-${++lastKey}`;

export interface PhoneDraft extends Keyed {
  label: string;
  number: string | null;
  /** False while the typed number is not a complete one of its country. */
  valid: boolean;
}
export interface EmailDraft extends Keyed {
  label: string;
  email: string;
}
export interface SocialDraft extends Keyed {
  network: (typeof SOCIAL_NETWORKS)[number];
  url: string;
}
export interface LinkDraft extends Keyed {
  label: string;
  url: string;
}

export interface CardDraft {
  firstName: string;
  lastName: string;
  jobTitle: string;
  company: string;
  bio: string;
  phones: PhoneDraft[];
  emails: EmailDraft[];
  website: string;
  address: string;
  socialLinks: SocialDraft[];
  customLinks: LinkDraft[];
}

export interface TagDraft {
  name: string;
  tagKind: (typeof TAG_KINDS)[number];
  description: string;
  showOwnerContact: boolean;
  lostMode: boolean;
  lostNote: string;
  reward: string;
  serial: string;
  /** E.164 (`+34600…`), or empty. */
  phone: string;
}

/** What the editor holds: texts as strings (empty = none), lists with keys. */
export interface ProfileDraft {
  kind: ProfileKind;
  photoFileId: string | null;
  coverFileId: string | null;
  /** A card's company logo (a team card's may be the team's, locked). */
  logoFileId: string | null;
  color: string;
  layout: 'classic' | 'centered' | 'banner';
  visibility: (typeof VISIBILITIES)[number];
  contactForm: boolean;
  wall: boolean;
  /** Under the card on the public page: the wall's posts first, or the contact form. */
  sectionOrder: SectionOrder;
  folderId: string | null;
  labelIds: string[];
  card: CardDraft;
  tag: TagDraft;
}

const emptyCard = (): CardDraft => ({
  firstName: '',
  lastName: '',
  jobTitle: '',
  company: '',
  bio: '',
  phones: [],
  emails: [],
  website: '',
  address: '',
  socialLinks: [],
  customLinks: [],
});
const emptyTag = (): TagDraft => ({
  name: '',
  tagKind: 'pet',
  description: '',
  showOwnerContact: false,
  lostMode: false,
  lostNote: '',
  reward: '',
  serial: '',
  phone: '',
});

export function newDraft(kind: ProfileKind): ProfileDraft {
  return {
    kind,
    photoFileId: null,
    coverFileId: null,
    logoFileId: null,
    color: '#12b886',
    layout: 'classic',
    visibility: 'public',
    contactForm: true,
    wall: false,
    sectionOrder: 'wall-first',
    folderId: null,
    labelIds: [],
    card: emptyCard(),
    tag: emptyTag(),
  };
}

export function draftOf(profile: Profile): ProfileDraft {
  const draft = newDraft(profile.kind);
  const c = profile.card;
  const g = profile.tag;
  return {
    ...draft,
    photoFileId: profile.photoFileId,
    coverFileId: profile.coverFileId,
    logoFileId: profile.logoFileId,
    color: profile.theme.color,
    layout: profile.theme.layout,
    visibility: profile.visibility,
    contactForm: profile.contactForm,
    wall: profile.wall,
    sectionOrder: profile.sectionOrder,
    folderId: profile.folderId,
    labelIds: profile.labelIds,
    card: c
      ? {
          firstName: c.firstName,
          lastName: c.lastName ?? '',
          jobTitle: c.jobTitle ?? '',
          company: c.company ?? '',
          bio: c.bio ?? '',
          phones: c.phones.map((p) => ({ key: newKey(), label: p.label, number: p.number, valid: true })),
          emails: c.emails.map((e) => ({ key: newKey(), ...e })),
          website: c.website ?? '',
          address: c.address ?? '',
          socialLinks: c.socialLinks.map((s) => ({ key: newKey(), ...s })),
          customLinks: c.customLinks.map((l) => ({ key: newKey(), ...l })),
        }
      : draft.card,
    tag: g
      ? {
          name: g.name,
          tagKind: g.tagKind,
          description: g.description ?? '',
          showOwnerContact: g.showOwnerContact,
          lostMode: g.lostMode,
          lostNote: g.lostNote ?? '',
          reward: g.reward ?? '',
          serial: g.serial ?? '',
          phone: g.phone ?? '',
        }
      : draft.tag,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const strip = <T extends Keyed>({ key: _key, ...rest }: T): Omit<T, 'key'> => rest;

/** The request body; the server validates it and answers field errors keyed by the same paths. */
export function inputOf(draft: ProfileDraft): ProfileInput {
  const common = {
    photoFileId: draft.photoFileId,
    coverFileId: draft.coverFileId,
    theme: { color: draft.color, layout: draft.layout },
    visibility: draft.visibility,
    contactForm: draft.contactForm,
    wall: draft.wall,
    sectionOrder: draft.sectionOrder,
    folderId: draft.folderId,
    labelIds: draft.labelIds,
  };
  if (draft.kind === 'tag') {
    const g = draft.tag;
    return {
      kind: 'tag',
      ...common,
      tag: {
        name: g.name.trim(),
        tagKind: g.tagKind,
        description: orNull(g.description),
        showOwnerContact: g.showOwnerContact,
        lostMode: g.lostMode,
        lostNote: orNull(g.lostNote),
        reward: orNull(g.reward),
        serial: orNull(g.serial),
        phone: orNull(g.phone),
      },
    };
  }
  const c = draft.card;
  return {
    kind: 'card',
    ...common,
    logoFileId: draft.logoFileId,
    card: {
      firstName: c.firstName.trim(),
      lastName: orNull(c.lastName),
      jobTitle: orNull(c.jobTitle),
      company: orNull(c.company),
      bio: orNull(c.bio),
      // An empty number goes as '' so that the server names the row that needs one.
      phones: c.phones.map((p) => ({ label: p.label.trim(), number: p.number ?? '' })),
      emails: c.emails.map((e) => ({ label: e.label.trim(), email: e.email.trim() })),
      website: orNull(c.website),
      address: orNull(c.address),
      socialLinks: c.socialLinks.map((s) => ({ ...strip(s), url: s.url.trim() })),
      customLinks: c.customLinks.map((l) => ({ label: l.label.trim(), url: l.url.trim() })),
    },
  };
}
