import { randomBytes } from 'node:crypto';
import { consentRedirect, s256, startStandInServer, type StandInAnswer, type StandInRequest } from './crm-stand-in-server.js';

type Contact = { id: string; properties: Record<string, string>; createdAt: string; updatedAt: string };
type Note = { id: string; properties: Record<string, string>; contactIds: string[]; createdAt: string };

export const HUBSPOT_CLIENT = { id: 'hubspot-client-id', secret: 'hubspot-client-secret' };
export const HUB_ID = 4242;

const now = () => new Date().toISOString();
const unauthorized: StandInAnswer = {
  status: 401,
  body: {
    status: 'error',
    message: 'Authentication credentials not found.',
    correlationId: 'stand-in',
    category: 'INVALID_AUTHENTICATION',
  },
};

/**
 * HubSpot as far as the CRM module uses it, behind our description of its API, transcribed by hand from
 * HubSpot's developer documentation (test/fixtures/crm/hubspot/operations.json and its PROVENANCE.md):
 * the consent page, tokens (access tokens expire after
 * `accessTtlSeconds`; refresh tokens are revocable), contacts upserted by email, notes with their
 * association to a contact and searchable by a token of their body. It counts what it created.
 */
export async function startHubspotStandIn(options: { accessTtlSeconds?: number } = {}) {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const revoked: string[] = [];
  const contacts = new Map<string, Contact>();
  const notes: Note[] = [];
  let nextId = 1001;
  const ttl = options.accessTtlSeconds ?? 1800;

  const issue = () => {
    const access = `hs-at-${randomBytes(8).toString('hex')}`;
    const refresh = `hs-rt-${randomBytes(8).toString('hex')}`;
    accessTokens.set(access, Date.now() + ttl * 1000);
    refreshTokens.add(refresh);
    return {
      status: 200,
      body: {
        access_token: access,
        refresh_token: refresh,
        expires_in: ttl,
        token_type: 'bearer',
        token_use: 'access_token',
        hub_id: HUB_ID,
      },
    };
  };
  const authorized = (request: StandInRequest) => {
    const until = request.token ? accessTokens.get(request.token) : undefined;
    return until !== undefined && until > Date.now();
  };

  function token(request: StandInRequest): StandInAnswer {
    const form = request.form();
    if (form.client_id !== HUBSPOT_CLIENT.id || form.client_secret !== HUBSPOT_CLIENT.secret)
      return { status: 400, body: { status: 'BAD_CLIENT_ID', message: 'missing or unknown client id' } };
    if (form.grant_type === 'authorization_code') {
      const grant = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!grant || grant.redirectUri !== form.redirect_uri || s256(form.code_verifier ?? '') !== grant.challenge)
        return { status: 400, body: { status: 'BAD_AUTH_CODE', message: 'missing or unknown auth code' } };
      return issue();
    }
    if (form.grant_type === 'refresh_token' && refreshTokens.has(form.refresh_token ?? '')) {
      const answer = issue();
      // HubSpot keeps the refresh token; the new one answered is the same as before.
      refreshTokens.delete(answer.body.refresh_token);
      answer.body.refresh_token = form.refresh_token!;
      return answer;
    }
    return { status: 400, body: { status: 'BAD_REFRESH_TOKEN', message: 'missing or unknown refresh token' } };
  }

  function upsert(request: StandInRequest): StandInAnswer {
    const { inputs } = request.json() as { inputs: { id: string; idProperty?: string; properties: Record<string, string> }[] };
    const results = inputs.map((input) => {
      const email = input.id.toLowerCase();
      const existing = contacts.get(email);
      const contact: Contact = existing ?? { id: String(nextId++), properties: {}, createdAt: now(), updatedAt: now() };
      Object.assign(contact.properties, input.properties, { email });
      contact.updatedAt = now();
      contacts.set(email, contact);
      return {
        id: contact.id,
        properties: contact.properties,
        createdAt: contact.createdAt,
        updatedAt: contact.updatedAt,
        archived: false,
        new: !existing,
      };
    });
    return { status: 200, body: { status: 'COMPLETE', results, startedAt: now(), completedAt: now() } };
  }

  function search(request: StandInRequest): StandInAnswer {
    const { filterGroups } = request.json() as {
      filterGroups: { filters: { propertyName: string; operator: string; value?: string }[] }[];
    };
    const matches = (note: Note, f: { propertyName: string; operator: string; value?: string }) =>
      f.propertyName === 'associations.contact' && f.operator === 'EQ'
        ? note.contactIds.includes(f.value ?? '')
        : f.operator === 'CONTAINS_TOKEN' && (note.properties[f.propertyName] ?? '').split(/[^A-Za-z0-9]+/).includes(f.value ?? '');
    const found = notes.filter((n) => filterGroups.some((g) => g.filters.every((f) => matches(n, f))));
    const results = found.map((n) => ({
      id: n.id,
      properties: n.properties,
      createdAt: n.createdAt,
      updatedAt: n.createdAt,
      archived: false,
    }));
    return { status: 200, body: { total: results.length, results } };
  }

  function createNote(request: StandInRequest): StandInAnswer {
    const { properties, associations } = request.json() as { properties: Record<string, string>; associations: { to: { id: string } }[] };
    const contactIds = associations.map((a) => a.to.id);
    if (contactIds.some((id) => ![...contacts.values()].some((c) => c.id === id)))
      return { status: 400, body: { status: 'error', message: 'association target not found', category: 'VALIDATION_ERROR' } };
    const note: Note = { id: String(nextId++), properties, contactIds, createdAt: now() };
    notes.push(note);
    return { status: 201, body: { id: note.id, properties, createdAt: note.createdAt, updatedAt: note.createdAt, archived: false } };
  }

  const server = await startStandInServer(
    new URL('../fixtures/crm/hubspot/operations.json', import.meta.url),
    (request) => {
      // The consent page is a browser page, not part of the API description.
      if (request.method === 'GET' && request.path === '/oauth/authorize') {
        const q = request.query;
        if (q.get('client_id') !== HUBSPOT_CLIENT.id || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
          return { status: 400, body: { message: 'bad authorize request' } };
        const code = `hs-code-${randomBytes(6).toString('hex')}`;
        codes.set(code, { challenge: q.get('code_challenge')!, redirectUri: q.get('redirect_uri')! });
        return consentRedirect(q, code);
      }
      const operation = request.check.operation;
      if (operation === 'POST /oauth/v1/token') return token(request);
      if (operation === 'GET /oauth/v1/access-tokens/{token}') {
        const given = request.check.params.token!;
        if (!accessTokens.has(given)) return { status: 404, body: { status: 'error', message: 'not found' } };
        return {
          status: 200,
          body: {
            token: given,
            user: 'owner@crm.example',
            hub_domain: 'stand-in.hubspot.example',
            scopes: ['oauth'],
            hub_id: HUB_ID,
            app_id: 7,
            expires_in: ttl,
            user_id: 9,
            token_type: 'access',
          },
        };
      }
      if (operation === 'DELETE /oauth/v1/refresh-tokens/{token}') {
        revoked.push(request.check.params.token!);
        refreshTokens.delete(request.check.params.token!);
        return { status: 204 };
      }
      if (!authorized(request)) return unauthorized;
      if (operation === 'POST /crm/v3/objects/contacts/batch/upsert') return upsert(request);
      if (operation === 'POST /crm/v3/objects/notes/search') return search(request);
      if (operation === 'POST /crm/v3/objects/notes') return createNote(request);
      return { status: 404, body: { message: 'not in the stand-in' } };
    },
    ['GET /oauth/authorize'],
  );
  return {
    ...server,
    contacts,
    notes,
    revoked,
    /** Makes every access token expire now (the next call is refused 401 until refreshed). */
    expireAccessTokens: () => accessTokens.forEach((_v, k) => accessTokens.set(k, 0)),
  };
}

export type HubspotStandIn = Awaited<ReturnType<typeof startHubspotStandIn>>;
