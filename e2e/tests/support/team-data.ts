import type { APIRequestContext } from '@playwright/test';
import { dataOf, uploadFile } from './fixtures';
import { waitForLink } from './mailbox';

// A real 2×2 PNG: the team's logo (the cloud checks a file's type from its bytes).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

/** What the team's screens name: a pending invitation's token and the member's team card. */
export interface TeamScreenData {
  invitation: string;
  teamCardId: string;
}

type Person = { headers: Record<string, string>; email: string; name: string };

/** Where the server under test is and where its emails land (the visual comparisons have their own). */
export type Server = { url: string; mailbox?: string };

/** The token of the newest invitation emailed to `email` (its link ends with it). */
async function invitationToken(email: string, server: Server): Promise<string> {
  const link = await waitForLink(email, `${server.url}/user/equipo/unirse/`, { mailbox: server.mailbox });
  return link.split('/').pop() ?? '';
}

/**
 * Through the API: `owner` makes a team (`alias`) with a logo, a template that locks the company, the
 * logo, the colours and a shared link, and its directory on; two people are invited from a CSV and
 * have not answered (the token is the first one's).
 */
export async function seedTeam(
  request: APIRequestContext,
  { owner, alias, server }: { owner: Person; alias: string; server: Server },
): Promise<Pick<TeamScreenData, 'invitation'>> {
  const { headers } = owner;
  const send = async (method: 'post' | 'put', path: string, data: unknown, status = 200) =>
    dataOf(await request[method](path, { headers, data }), status);
  const logo = await uploadFile(request, headers, { name: 'acme-logo.png', mimeType: 'image/png', buffer: PNG });
  const place = { address: 'Gran Vía 1, Madrid', website: 'https://acme.example' };
  await send('post', '/api/team', { name: 'Acme Studio', alias, logoFileId: logo.id, color: '#1971c2', ...place }, 201);
  await send('put', '/api/team/template', {
    values: {
      company: 'Acme Studio S.L.',
      logoFileId: logo.id,
      coverFileId: null,
      ...place,
      theme: { color: '#1971c2', layout: 'classic' },
      links: [{ label: 'Catalogue', url: 'https://acme.example/catalogue' }],
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
  });
  await send('put', '/api/team/directory', { enabled: true });
  const pending = `lucia.pending-${alias}@e2e.enlaza.test`;
  const csv = `name,email,job title,phone\nLucía Pending,${pending},Designer,\nMarco Later,marco.later-${alias}@e2e.enlaza.test,Support,\n`;
  await send('post', '/api/team/invitations/import', { csv, role: 'member' });
  return { invitation: await invitationToken(pending, server) };
}

/** `member` is invited to `owner`'s team (as a sales manager, with a phone) and joins it; answers their team card. */
export async function joinTeam(
  request: APIRequestContext,
  { owner, member, server }: { owner: Person; member: Person; server: Server },
): Promise<Pick<TeamScreenData, 'teamCardId'>> {
  const invitation = { email: member.email, name: member.name, jobTitle: 'Sales manager', phone: '+34600111333', role: 'member' };
  await dataOf(await request.post('/api/team/invitations', { headers: owner.headers, data: invitation }), 201);
  const token = await invitationToken(member.email, server);
  const joined = await dataOf<{ cardId: string }>(await request.post(`/api/team-invitations/${token}/accept`, { headers: member.headers }));
  return { teamCardId: joined.cardId };
}
