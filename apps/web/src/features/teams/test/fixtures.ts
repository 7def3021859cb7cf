/** What the team screens' tests answer for the API: a team, its members, template and invitations. */
import type { MyTeam, PublicTeamInvitation, Team, TeamInvitation, TeamMember, TeamTemplate } from '@enlaza/contracts';

export const TEAM: Team = {
  id: '0b6f3c2e-9d7b-4f43-9d64-5a1f3c2b1a00',
  name: 'Acme Sales',
  alias: 'acme',
  logoFileId: null,
  coverFileId: null,
  color: '#12b886',
  address: 'Gran Vía 1, Madrid',
  website: 'https://acme.example',
  directoryEnabled: false,
  directoryPath: '/link/acme',
  activeMembers: 2,
  createdAt: '2031-03-01T09:00:00.000Z',
  updatedAt: '2031-03-01T09:00:00.000Z',
};

export const mine = (role: 'owner' | 'admin' | 'member'): MyTeam => ({ team: TEAM, role, cardId: 'card-of-me' });

/** A member's user id (a UUID, as the contract's bodies take it). */
export const userId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const member = (n: number, patch: Partial<TeamMember> = {}): TeamMember => ({
  userId: userId(n),
  name: `Person ${n}`,
  email: `person${n}@acme.example`,
  role: n === 1 ? 'owner' : 'member',
  jobTitle: n === 1 ? 'Director' : null,
  phone: null,
  status: 'active',
  joinedAt: '2031-03-01T09:00:00.000Z',
  removedAt: null,
  card: { id: `card-${n}`, status: 'assigned', publicPath: `/link/acme/card-${n}` },
  lastActivityAt: null,
  ...patch,
});

export const TEMPLATE: TeamTemplate = {
  values: {
    company: 'Acme',
    logoFileId: null,
    coverFileId: null,
    address: 'Gran Vía 1, Madrid',
    website: 'https://acme.example',
    theme: { color: '#12b886', layout: 'classic' },
    links: [{ label: 'Catalogue', url: 'https://acme.example/catalogue' }],
  },
  locks: {
    company: 'locked',
    logo: 'editable',
    cover: 'editable',
    address: 'editable',
    website: 'editable',
    theme: 'editable',
    links: 'editable',
  },
  updatedAt: '2031-03-01T09:00:00.000Z',
};

export const invitation = (n: number, patch: Partial<TeamInvitation> = {}): TeamInvitation => ({
  id: `inv-${n}`,
  email: `new${n}@acme.example`,
  name: `New ${n}`,
  jobTitle: null,
  phone: null,
  role: 'member',
  status: 'pending',
  invitedBy: { id: 'user-1', name: 'Person 1' },
  acceptedBy: null,
  createdAt: '2031-03-10T09:00:00.000Z',
  lastSentAt: '2031-03-10T09:00:00.000Z',
  expiresAt: '2031-03-17T09:00:00.000Z',
  ...patch,
});

export const PUBLIC_INVITATION: PublicTeamInvitation = {
  team: { name: 'Acme Sales', alias: 'acme' },
  inviter: { name: 'Person 1' },
  email: 'new2@acme.example',
  name: 'New 2',
  role: 'member',
  expired: false,
  expiresAt: '2031-03-17T09:00:00.000Z',
};

/** The `{ok: 1, data}` body of a success. */
export const ok = (data: unknown) => ({ ok: 1, data });
