import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crmConnections, deliveries } from '../../src/db/schema/index.js';
import { HUB_ID } from '../helpers/hubspot-stand-in.js';
import { signedUser, type Signed } from '../helpers/teams.js';
import { queueIdle, waitFor } from '../helpers/test-app.js';
import { crmTestApp, leadOnCard } from './crm-test-kit.js';

const c = crmTestApp();

/** A user with a card whose contact form asks one contact field ("Company size"). */
async function ownerWithCard() {
  const who = await signedUser(c.t);
  const card = await c.kit.call(who, 'POST', '/api/profiles', { kind: 'card', card: { firstName: 'Ana', lastName: 'Card' } });
  expect(card.statusCode, card.body).toBe(201);
  const field = await c.kit.call(who, 'POST', '/api/audience/fields', { name: 'Company size', type: 'text', onForm: true });
  expect(field.statusCode, field.body).toBe(201);
  return {
    who,
    path: `/link/${who.alias}/${card.json<{ data: { id: string } }>().data.id}`,
    fieldId: field.json<{ data: { id: string } }>().data.id,
  };
}

const settled = (who: Signed, connectionId: string, count: number) =>
  waitFor(async () => {
    const list = await c.kit.syncs(who, connectionId);
    return list.length >= count && list.every((s) => s.status !== 'pending') ? list : undefined;
  }, `${count} syncs to settle`);

describe('a lead into HubSpot', () => {
  it('connects with OAuth (PKCE, fresh proof, owner emailed) and keeps the tokens sealed', async () => {
    const { who } = await ownerWithCard();
    const connection = await c.kit.connect(who, 'hubspot');
    expect(connection).toMatchObject({ provider: 'hubspot', scope: 'user', accountName: 'stand-in.hubspot.example' });
    const overview = await c.kit.call(who, 'GET', '/api/crm');
    expect(overview.json().data.providers).toEqual([
      { provider: 'hubspot', configured: true },
      { provider: 'salesforce', configured: true },
    ]);
    expect(overview.body).not.toMatch(/hs-(at|rt)-/);
    const [row] = await c.t.db.select().from(crmConnections).where(eq(crmConnections.id, connection.id));
    expect(row!.accessTokenSealed).not.toMatch(/hs-at-/);
    expect(row!.refreshTokenSealed).not.toMatch(/hs-rt-/);
    await queueIdle(c.t.app);
    const emails = await c.t.db.select().from(deliveries).where(eq(deliveries.toEmail, who.email));
    expect(emails.some((e) => e.bodyText?.includes('A CRM (HubSpot or Salesforce) was connected'))).toBe(true);
  });

  it('sends the contact once and one note with the message, the consent and the answered fields; the mailbox links it', async () => {
    const { who, path, fieldId } = await ownerWithCard();
    const connection = await c.kit.connect(who, 'hubspot');
    await leadOnCard(c.t, path, { email: 'Lead.One@Visitor.example', consent: true, fields: { [fieldId]: '50-200' } });
    const [sync] = await settled(who, connection.id, 1);
    expect(sync).toMatchObject({ status: 'succeeded', attempts: 1, lastError: null, senderEmail: 'lead.one@visitor.example' });
    const contact = c.hubspot.contacts.get('lead.one@visitor.example')!;
    expect(contact.properties).toMatchObject({ firstname: 'Vera', lastname: 'Visitor', phone: '+34612345678' });
    expect(sync!.recordUrl).toBe(`https://app.hubspot.example/contacts/${HUB_ID}/record/0-1/${contact.id}`);
    const notes = c.hubspot.notes.filter((n) => n.contactIds.includes(contact.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.properties.hs_note_body).toContain('Please call me back about the offer');
    expect(notes[0]!.properties.hs_note_body).toContain('Consent to receive communications: yes');
    expect(notes[0]!.properties.hs_note_body).toContain('Company size: 50-200');

    const profileId = path.split('/').at(-1);
    const list = await c.kit.call(who, 'GET', `/api/mailbox/${profileId}/messages`);
    expect(list.json().data[0].crm).toEqual({ provider: 'hubspot', url: sync!.recordUrl });
    const detail = await c.kit.call(who, 'GET', `/api/mailbox/messages/${list.json().data[0].id}`);
    expect(detail.json().data.crm).toEqual({ provider: 'hubspot', url: sync!.recordUrl });
  });

  it('refreshes an expired access token once and goes on; retries a 429 (after its Retry-After) and a 503', async () => {
    const { who, path } = await ownerWithCard();
    const connection = await c.kit.connect(who, 'hubspot');
    c.hubspot.expireAccessTokens();
    c.hubspot.fail('POST /crm/v3/objects/contacts/batch/upsert', {
      status: 429,
      headers: { 'retry-after': '0' },
      body: { status: 'error', message: 'You have reached your secondly limit.', category: 'RATE_LIMITS' },
    });
    c.hubspot.fail('POST /crm/v3/objects/notes', { status: 503, body: { status: 'error', message: 'Service unavailable' } });
    await leadOnCard(c.t, path, { email: 'lead.two@visitor.example' });
    const [sync] = await settled(who, connection.id, 1);
    expect(sync).toMatchObject({ status: 'succeeded', attempts: 3 });
    const contact = c.hubspot.contacts.get('lead.two@visitor.example')!;
    expect(c.hubspot.notes.filter((n) => n.contactIds.includes(contact.id))).toHaveLength(1);
    // Without consent, no contact field is sent, and the note says so.
    expect(c.hubspot.notes.find((n) => n.contactIds.includes(contact.id))!.properties.hs_note_body).toContain(
      'Consent to receive communications: no',
    );
  });

  it('shows a refusal (400) with HubSpot’s words in the log and does not retry it', async () => {
    const { who, path } = await ownerWithCard();
    const connection = await c.kit.connect(who, 'hubspot');
    const before = c.hubspot.count('POST /crm/v3/objects/contacts/batch/upsert');
    c.hubspot.fail('POST /crm/v3/objects/contacts/batch/upsert', {
      status: 400,
      body: { status: 'error', message: 'Property values were not valid: phone', category: 'VALIDATION_ERROR' },
    });
    await leadOnCard(c.t, path, { email: 'lead.three@visitor.example' });
    const [sync] = await settled(who, connection.id, 1);
    expect(sync).toMatchObject({ status: 'failed', attempts: 1, lastStatus: 400 });
    expect(sync!.lastError).toBe('VALIDATION_ERROR: Property values were not valid: phone');
    await queueIdle(c.t.app, 'crm.');
    expect(c.hubspot.count('POST /crm/v3/objects/contacts/batch/upsert') - before).toBe(1);
  });

  it('revokes the refresh token at disconnect', async () => {
    const { who } = await ownerWithCard();
    const connection = await c.kit.connect(who, 'hubspot');
    await c.kit.prove(who);
    const res = await c.kit.call(who, 'DELETE', `/api/crm/connections/${connection.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(c.hubspot.revoked).toHaveLength(1);
    expect((await c.kit.call(who, 'GET', '/api/crm')).json().data.connections).toEqual([]);
  });
});

describe('a lead into Salesforce', () => {
  it('upserts one Lead by the message id, refreshing the session when Salesforce refuses it', async () => {
    const { who, path, fieldId } = await ownerWithCard();
    const connection = await c.kit.connect(who, 'salesforce');
    expect(connection.accountName).toBe(new URL(c.salesforce.url).host);
    c.salesforce.expireAccessTokens();
    await leadOnCard(c.t, path, { email: 'sf.lead@visitor.example', consent: true, fields: { [fieldId]: '10' } });
    const [sync] = await settled(who, connection.id, 1);
    expect(sync).toMatchObject({ status: 'succeeded', attempts: 1 });
    const leads = [...c.salesforce.leads.values()];
    expect(leads).toHaveLength(1);
    expect(leads[0]!.fields).toMatchObject({
      LastName: 'Visitor',
      FirstName: 'Vera',
      Email: 'sf.lead@visitor.example',
      Company: '[not provided]',
      HasOptedOutOfEmail: false,
      LeadSource: 'Web',
    });
    expect(leads[0]!.fields.Description).toContain('Company size: 10');
    expect(sync!.recordUrl).toBe(`${c.salesforce.url}/lightning/r/Lead/${leads[0]!.id}/view`);
  });
});
