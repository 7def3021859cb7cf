import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';
import { joinedMember, teamCall, teamWithOwner } from '../helpers/teams.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const template = (company: string, locks: Record<string, 'locked' | 'editable'>) => ({
  values: {
    company,
    address: 'Calle Mayor 1, Madrid',
    website: 'acme.example',
    theme: { color: '#1c7ed6', layout: 'classic' },
    links: [{ label: 'Catalogue', url: 'https://acme.example/catalogue' }],
  },
  locks,
});

describe('locked fields of a team card', () => {
  it('refuses a member’s change to a locked field (403 naming it) and keeps the unlocked ones editable', async () => {
    const { owner } = await teamWithOwner(t);
    const call = teamCall(t);
    const saved = await call(
      'PUT',
      '/api/team/template',
      owner,
      template('Acme Ltd', { company: 'locked', links: 'locked', address: 'editable' }),
    );
    expect(saved.statusCode).toBe(200);
    const { member, cardId } = await joinedMember(t, owner);
    const card = (await call('GET', `/api/profiles/${cardId}`, member)).json().data;
    expect(card.lockedFields).toEqual(['company', 'links']);
    expect(card.card).toMatchObject({ company: 'Acme Ltd', address: 'Calle Mayor 1, Madrid', customLinks: [{ label: 'Catalogue' }] });

    const body = { kind: 'card', theme: card.theme, coverFileId: card.coverFileId, card: { ...card.card, company: 'My own company' } };
    const refused = await call('PUT', `/api/profiles/${cardId}`, member, body, 'es');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'team.field_locked', details: { fields: 'company' } });
    expect(refused.json().message).toContain('la empresa');
    expect(refused.json().errors['card.company']).toHaveLength(1);

    const withoutSharedLink = { ...body, card: { ...card.card, customLinks: [] } };
    expect((await call('PUT', `/api/profiles/${cardId}`, member, withoutSharedLink)).json().details).toEqual({ fields: 'links' });

    const ownLink = { label: 'Me', url: 'https://me.example' };
    const allowed = {
      ...body,
      card: { ...card.card, bio: 'Sales in the north', address: 'Gran Vía 2', customLinks: [...card.card.customLinks, ownLink] },
    };
    const ok = await call('PUT', `/api/profiles/${cardId}`, member, allowed);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.card).toMatchObject({ bio: 'Sales in the north', address: 'Gran Vía 2', company: 'Acme Ltd' });
  });

  it('writes a locked field’s new value on every member’s card: public page and vCard follow', async () => {
    const { owner, team } = await teamWithOwner(t);
    const call = teamCall(t);
    await call('PUT', '/api/team/template', owner, template('Acme Ltd', { company: 'locked', links: 'locked' }));
    const members = [await joinedMember(t, owner), await joinedMember(t, owner)];
    // Visited once, so the cached pages must be dropped for the change to show.
    for (const { cardId } of members) expect((await call('GET', `/link/${team.alias}/${cardId}`, null)).body).toContain('Acme Ltd');
    const ownLink = { label: 'Me', url: 'https://me.example' };
    const first = (await call('GET', `/api/profiles/${members[0]!.cardId}`, members[0]!.member)).json().data;
    await call('PUT', `/api/profiles/${first.id}`, members[0]!.member, {
      kind: 'card',
      theme: first.theme,
      card: { ...first.card, customLinks: [...first.card.customLinks, ownLink] },
    });

    const changed = template('Acme Group', { company: 'locked', links: 'locked' });
    changed.values.links = [{ label: 'Shop', url: 'https://acme.example/shop' }];
    const saved = await call('PUT', '/api/team/template', owner, changed);
    expect(saved.json().data.cardsUpdated).toBe(3); // the owner's card and the two members'

    for (const { cardId } of members) {
      await vi.waitFor(
        async () => {
          const page = await call('GET', `/link/${team.alias}/${cardId}`, null);
          expect(page.body).toContain('Acme Group');
          expect(page.body).not.toContain('Acme Ltd');
        },
        { timeout: 5000, interval: 50 },
      );
      const vcard = await call('GET', `/api/public/link/${team.alias}/${cardId}/vcard`, null);
      expect(vcard.body).toContain('ORG:Acme Group');
      expect(vcard.body).toContain('https://acme.example/shop');
      expect(vcard.body).not.toContain('https://acme.example/catalogue');
    }
    // The member's own link stays after the team's shared ones.
    const links = (await call('GET', `/api/profiles/${members[0]!.cardId}`, members[0]!.member)).json().data.card.customLinks;
    expect(links).toEqual([{ label: 'Shop', url: 'https://acme.example/shop' }, ownLink]);
  });

  it('gives an editable field only as the first value: a template change leaves the cards as they are', async () => {
    const { owner } = await teamWithOwner(t);
    const call = teamCall(t);
    await call('PUT', '/api/team/template', owner, template('Acme Ltd', { company: 'editable' }));
    const { member, cardId } = await joinedMember(t, owner);
    await call('PUT', '/api/team/template', owner, template('Acme Group', { company: 'editable' }));
    expect((await call('GET', `/api/profiles/${cardId}`, member)).json().data.card.company).toBe('Acme Ltd');
  });
});
