import { randomBytes } from 'node:crypto';
import { consentRedirect, s256, startStandInServer, type StandInAnswer, type StandInRequest } from './crm-stand-in-server.js';

export const SALESFORCE_CLIENT = { id: 'salesforce-consumer-key', secret: 'salesforce-consumer-secret' };
export const SALESFORCE_ORG_ID = '00D5g000000AbCdEAF';

type Lead = { id: string; externalId: string; fields: Record<string, unknown> };

const invalidSession: StandInAnswer = { status: 401, body: [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }] };

/**
 * Salesforce as far as the CRM module uses it, behind the description transcribed from its REST API
 * reference (test/fixtures/crm/salesforce/operations.json): the authorize page, the token and revoke
 * endpoints, and Leads upserted by the external id field (which the org must have: any other field
 * name is answered as Salesforce answers an unknown field). The instance is the stand-in itself.
 */
export async function startSalesforceStandIn() {
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const revoked: string[] = [];
  const leads = new Map<string, Lead>();
  let nextId = 1;
  let url = '';

  const issue = (refresh: string | null) => {
    const access = `00D!sf-at-${randomBytes(8).toString('hex')}`;
    accessTokens.add(access);
    const body: Record<string, string> = {
      access_token: access,
      instance_url: url,
      id: `${url}/id/${SALESFORCE_ORG_ID}/0055g00000AbCdEAAV`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      signature: randomBytes(12).toString('base64'),
      scope: 'api refresh_token',
    };
    if (refresh) {
      refreshTokens.add(refresh);
      body.refresh_token = refresh;
    }
    return { status: 200, body };
  };

  function token(request: StandInRequest): StandInAnswer {
    const form = request.form();
    if (form.client_id !== SALESFORCE_CLIENT.id || form.client_secret !== SALESFORCE_CLIENT.secret)
      return { status: 400, body: { error: 'invalid_client_id', error_description: 'client identifier invalid' } };
    if (form.grant_type === 'authorization_code') {
      const grant = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!grant || grant.redirectUri !== form.redirect_uri || s256(form.code_verifier ?? '') !== grant.challenge)
        return { status: 400, body: { error: 'invalid_grant', error_description: 'authentication failure' } };
      return issue(`5Aep-sf-rt-${randomBytes(8).toString('hex')}`);
    }
    if (refreshTokens.has(form.refresh_token ?? '')) return issue(null);
    return { status: 400, body: { error: 'invalid_grant', error_description: 'expired access/refresh token' } };
  }

  function upsert(request: StandInRequest): StandInAnswer {
    if (!request.token || !accessTokens.has(request.token)) return invalidSession;
    const { fieldName, fieldValue } = request.check.params as { fieldName: string; fieldValue: string };
    if (fieldName !== 'Enlaza_Lead_Id__c')
      return {
        status: 404,
        body: [{ errorCode: 'NOT_FOUND', message: `Provided external ID field does not exist or is not accessible: ${fieldName}` }],
      };
    const existing = leads.get(fieldValue);
    const lead = existing ?? { id: `00Q5g00000${String(nextId++).padStart(8, '0')}`, externalId: fieldValue, fields: {} };
    Object.assign(lead.fields, request.json());
    leads.set(fieldValue, lead);
    return { status: existing ? 200 : 201, body: { id: lead.id, success: true, errors: [], created: !existing } };
  }

  const server = await startStandInServer(new URL('../fixtures/crm/salesforce/operations.json', import.meta.url), (request) => {
    const operation = request.check.operation;
    if (operation === 'GET /services/oauth2/authorize') {
      if (request.query.get('client_id') !== SALESFORCE_CLIENT.id) return { status: 400, body: { error: 'invalid_client_id' } };
      const code = `aPrx-sf-code-${randomBytes(6).toString('hex')}`;
      codes.set(code, { challenge: request.query.get('code_challenge') ?? '', redirectUri: request.query.get('redirect_uri')! });
      return consentRedirect(request.query, code);
    }
    if (operation === 'POST /services/oauth2/token') return token(request);
    if (operation === 'POST /services/oauth2/revoke') {
      const given = request.form().token!;
      revoked.push(given);
      refreshTokens.delete(given);
      return { status: 200 };
    }
    if (operation === 'PATCH /services/data/v{version}/sobjects/Lead/{fieldName}/{fieldValue}') return upsert(request);
    return { status: 404, body: [{ errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' }] };
  });
  url = server.url;
  return {
    ...server,
    leads,
    revoked,
    /** Makes every access token invalid (the session timed out): the next call is refused 401 until refreshed. */
    expireAccessTokens: () => accessTokens.clear(),
  };
}

export type SalesforceStandIn = Awaited<ReturnType<typeof startSalesforceStandIn>>;
