import { callVendor } from './vendor-http.js';
import { leadText, splitName, type Lead } from './lead.js';

/**
 * The custom field (External ID, Unique) the customer's org adds to the Lead object once
 * (docs/teams.md, "Salesforce"): the lead is upserted by it, so a repeat updates the same lead.
 */
export const SALESFORCE_EXTERNAL_ID_FIELD = 'Enlaza_Lead_Id__c';
/** Salesforce's Web-to-Lead writes this when the form asked no company (Company is required on a Lead). */
const NO_COMPANY = '[not provided]';

/**
 * A lead into Salesforce (docs/decisions/0041-leads-into-the-crm.md): one Lead upserted by the
 * message's id in the external id field (`PATCH …/sobjects/Lead/Enlaza_Lead_Id__c/<id>`): created
 * the first time, updated (the same record) by any repeat. Its description carries the message, the
 * consent and the answered fields; without consent the lead is marked as opted out of email.
 */
export function createSalesforceWriter(fetch: typeof globalThis.fetch, apiVersion: string) {
  return async function push(lead: Lead, token: string, instanceUrl: string): Promise<{ id: string; url: string }> {
    const { first, last } = splitName(lead.name);
    const body: Record<string, string | boolean> = {
      FirstName: first.slice(0, 40),
      LastName: last.slice(0, 80),
      Email: lead.email.slice(0, 80),
      Company: NO_COMPANY,
      Description: leadText(lead).slice(0, 32_000),
      LeadSource: 'Web',
      HasOptedOutOfEmail: !lead.consent,
    };
    if (lead.phone) body.Phone = lead.phone.slice(0, 40);
    const answer = await callVendor<{ id: string }>(fetch, {
      method: 'PATCH',
      url: `${instanceUrl}/services/data/v${apiVersion}/sobjects/Lead/${SALESFORCE_EXTERNAL_ID_FIELD}/${lead.messageId}`,
      token,
      json: body,
    });
    return { id: answer.id, url: `${instanceUrl}/lightning/r/Lead/${answer.id}/view` };
  };
}
