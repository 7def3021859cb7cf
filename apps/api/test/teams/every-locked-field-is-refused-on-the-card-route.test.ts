import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_TEMPLATE_FIELDS, type Profile, type TeamTemplateField } from '@enlaza/contracts';
import { multipart, png } from '../helpers/files.js';
import { bearer, createTestApp, type TestContext } from '../helpers/test-app.js';
import { joinedMember, teamCall, teamWithOwner, type Signed } from '../helpers/teams.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A file of the owner's cloud, for the template's logo and cover. */
async function upload(owner: Signed, name: string): Promise<string> {
  const body = multipart([{ name, data: png(4, 4), type: 'image/png' }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...bearer(owner.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string }[] }>().data[0]!.id;
}

/** The card as its editor sends it back: every field as it is now. */
const bodyOf = (card: Profile) => ({
  kind: 'card' as const,
  theme: card.theme,
  photoFileId: card.photoFileId,
  coverFileId: card.coverFileId,
  logoFileId: card.logoFileId,
  card: card.card!,
});
type CardBody = ReturnType<typeof bodyOf>;

/** One change per lockable field (the theme twice: its colour and its layout are both the team's). */
const CHANGES: { field: TeamTemplateField; what: string; change: (body: CardBody) => CardBody }[] = [
  { field: 'company', what: 'company', change: (b) => ({ ...b, card: { ...b.card, company: 'My own company' } }) },
  { field: 'logo', what: 'logo removed', change: (b) => ({ ...b, logoFileId: null }) },
  { field: 'cover', what: 'cover removed', change: (b) => ({ ...b, coverFileId: null }) },
  { field: 'address', what: 'address', change: (b) => ({ ...b, card: { ...b.card, address: 'Gran Vía 2, Madrid' } }) },
  { field: 'website', what: 'website', change: (b) => ({ ...b, card: { ...b.card, website: 'https://mine.example' } }) },
  { field: 'theme', what: 'theme colour', change: (b) => ({ ...b, theme: { ...b.theme, color: '#e8590c' } }) },
  { field: 'theme', what: 'theme layout', change: (b) => ({ ...b, theme: { ...b.theme, layout: 'banner' } }) },
  { field: 'links', what: 'shared links dropped', change: (b) => ({ ...b, card: { ...b.card, customLinks: [] } }) },
];

describe('a member’s card update through PUT /api/profiles/{id}', () => {
  it('is refused (403 naming the field) for each lockable field while the team locks it, and saved once it is editable', async () => {
    expect([...new Set(CHANGES.map((c) => c.field))].sort()).toEqual([...TEAM_TEMPLATE_FIELDS].sort());
    const { owner } = await teamWithOwner(t);
    const call = teamCall(t);
    const values = {
      company: 'Acme Ltd',
      logoFileId: await upload(owner, 'logo.png'),
      coverFileId: await upload(owner, 'cover.png'),
      address: 'Calle Mayor 1, Madrid',
      website: 'https://acme.example',
      theme: { color: '#1c7ed6', layout: 'classic' },
      links: [{ label: 'Catalogue', url: 'https://acme.example/catalogue' }],
    };
    const withLock = (field: TeamTemplateField | null) => ({
      values,
      locks: Object.fromEntries(TEAM_TEMPLATE_FIELDS.map((f) => [f, f === field ? 'locked' : 'editable'])),
    });
    expect((await call('PUT', '/api/team/template', owner, withLock(null))).statusCode).toBe(200);
    const { member, cardId } = await joinedMember(t, owner);
    const current = async () => (await call('GET', `/api/profiles/${cardId}`, member)).json().data as Profile;

    const answers: string[] = [];
    for (const { field, what, change } of CHANGES) {
      // Locking a field writes the template's value on the card again.
      expect((await call('PUT', '/api/team/template', owner, withLock(field))).statusCode).toBe(200);
      const locked = await current();
      expect(locked.lockedFields).toEqual([field]);
      const refused = await call('PUT', `/api/profiles/${cardId}`, member, change(bodyOf(locked)));
      answers.push(`${what} locked → ${refused.statusCode} ${refused.json().code} ${refused.json().details?.fields}`);

      expect((await call('PUT', '/api/team/template', owner, withLock(null))).statusCode).toBe(200);
      const wanted = change(bodyOf(await current()));
      const saved = await call('PUT', `/api/profiles/${cardId}`, member, wanted);
      answers.push(`${what} editable → ${saved.statusCode}`);
      if (saved.statusCode === 200) expect(bodyOf(saved.json().data)).toEqual(wanted);
    }
    expect(answers).toEqual(
      CHANGES.flatMap(({ field, what }) => [`${what} locked → 403 team.field_locked ${field}`, `${what} editable → 200`]),
    );
  });
});
