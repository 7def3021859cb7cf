import { describe, expect, it } from 'vitest';
import { joinedMember, signedUser, teamWithOwner, visitorWrites } from '../helpers/teams.js';
import { createTestApp, login, waitFor } from '../helpers/test-app.js';
import { crmCalls, crmTestApp } from './crm-test-kit.js';

const c = crmTestApp();

describe('whose CRM connection it is', () => {
  it('answers 404 record.not_found for another user’s connection on every route', async () => {
    const owner = await signedUser(c.t);
    const other = await signedUser(c.t);
    const connection = await c.kit.connect(owner, 'hubspot');
    await c.kit.prove(other);
    for (const [method, url] of [
      ['GET', `/api/crm/connections/${connection.id}/syncs`],
      ['DELETE', `/api/crm/connections/${connection.id}`],
    ] as const) {
      const res = await c.kit.call(other, method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('record.not_found');
    }
    expect((await c.kit.call(other, 'GET', '/api/crm')).json().data.connections).toEqual([]);
    // Still there for its owner.
    expect((await c.kit.call(owner, 'GET', '/api/crm')).json().data.connections).toHaveLength(1);
  });

  it('finishes a connection only in the session that started it, once', async () => {
    const owner = await signedUser(c.t);
    const answer = await c.kit.begin(owner, 'salesforce');
    const otherSession = { ...owner, token: await login(c.t.app, { email: owner.email, password: owner.password }) };
    await c.kit.prove(otherSession);
    const elsewhere = await c.kit.call(otherSession, 'POST', '/api/crm/callback', answer);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().code).toBe('crm.authorization_invalid');
    // The attempt from elsewhere used the state up: the right session must start again.
    const again = await c.kit.call(owner, 'POST', '/api/crm/callback', answer);
    expect(again.json().code).toBe('crm.authorization_invalid');
  });

  it('asks a fresh proof to connect, to finish connecting and to disconnect', async () => {
    const owner = await signedUser(c.t);
    const connection = await c.kit.connect(owner, 'hubspot');
    const answer = await c.kit.begin(owner, 'salesforce');
    // A session signed in with the password but never asked again.
    const bare = { ...owner, token: await login(c.t.app, { email: owner.email, password: owner.password }, { fresh: false }) };
    for (const [method, url, payload] of [
      ['POST', '/api/crm/connect', { provider: 'salesforce' }],
      ['POST', '/api/crm/callback', answer],
      ['DELETE', `/api/crm/connections/${connection.id}`, undefined],
    ] as const) {
      const res = await c.kit.call(bare, method, url, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('auth.reauth_required');
    }
    expect((await c.kit.call(owner, 'GET', '/api/crm')).json().data.connections).toHaveLength(1);
  });

  it('refuses bad input with a translated 422, and a second connection of the same CRM with 409', async () => {
    const owner = await signedUser(c.t);
    await c.kit.prove(owner);
    const bad = await c.kit.call(owner, 'POST', '/api/crm/connect', { provider: 'pipedrive' }, 'es');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('validation.failed');
    expect(bad.json().message).not.toMatch(/fields are not valid/);
    const badId = await c.kit.call(owner, 'GET', '/api/crm/connections/not-a-uuid/syncs');
    expect(badId.statusCode).toBe(422);
    await c.kit.connect(owner, 'hubspot');
    const twice = await c.kit.call(owner, 'POST', '/api/crm/connect', { provider: 'hubspot' }, 'jp');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'crm.already_connected',
      message: 'この CRM はすでに接続されています。先に接続を解除してください',
    });
  });
});

describe('a team’s CRM', () => {
  it('is connected by its owner only (403 team.role_required for an admin or a member)', async () => {
    const { owner } = await teamWithOwner(c.t);
    const { member: admin } = await joinedMember(c.t, owner, { role: 'admin' });
    await c.kit.prove(admin);
    const res = await c.kit.call(admin, 'POST', '/api/crm/connect', { provider: 'hubspot', scope: 'team' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('team.role_required');
  });

  it('serves the team’s cards before a member’s own connection; a member’s own card goes to their own', async () => {
    const { owner, team } = await teamWithOwner(c.t);
    const { member, cardId } = await joinedMember(c.t, owner);
    const teamConnection = await c.kit.connect(owner, 'hubspot', 'team');
    expect(teamConnection.scope).toBe('team');
    // In the team's history (its owner's).
    const history = await waitFor(async () => {
      const list = (await c.kit.call(owner, 'GET', '/api/historial?limit=5')).json<{ data: { action: string; after: object }[] }>().data;
      return list.find((e) => e.action === 'team.crm_connected');
    }, 'the team history event');
    expect(history.after).toMatchObject({ name: 'HubSpot', account: 'stand-in.hubspot.example' });
    const own = await c.kit.connect(member, 'salesforce');
    const leadsBefore = c.salesforce.leads.size;
    await visitorWrites(c.t, `/link/${team.alias}/${cardId}`, 'About your team’s offer');
    const [sync] = await waitFor(async () => {
      const list = await c.kit.syncs(owner, teamConnection.id);
      return list[0]?.status === 'succeeded' ? list : undefined;
    }, 'the team’s lead');
    expect(sync!.recordUrl).toContain('/record/0-1/');
    expect(await c.kit.syncs(member, own.id)).toEqual([]);
    expect(c.salesforce.leads.size).toBe(leadsBefore);
  });
});

describe('a server whose operator set up no CRM', () => {
  it('says so in the overview and refuses to connect with 409 crm.not_configured', async () => {
    const bare = await createTestApp();
    try {
      const kit = crmCalls(bare);
      const user = await signedUser(bare);
      const overview = await kit.call(user, 'GET', '/api/crm');
      expect(overview.json().data.providers).toEqual([
        { provider: 'hubspot', configured: false },
        { provider: 'salesforce', configured: false },
      ]);
      await kit.prove(user);
      const res = await kit.call(user, 'POST', '/api/crm/connect', { provider: 'salesforce' }, 'es');
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('crm.not_configured');
      expect(res.json().message).toContain('no está configurado en este servidor');
    } finally {
      await bare.close();
    }
  });
});
